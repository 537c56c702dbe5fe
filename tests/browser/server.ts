/**
 * Global setup of the browser tests: builds the site, then starts the real embedded server
 * (`functions/node-server.ts`) on a free port over a fresh database, without sample content.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('astro build failed');

  const folder = mkdtempSync(join(tmpdir(), 'fhr-browser-'));
  const server = spawn(process.execPath, ['functions/node-server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: `file:${join(folder, 'app.db')}`,
      MEDIA_DIR: join(folder, 'media'),
      SAMPLE_CONTENT: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+?)\/?\s/);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (exit ${code}) before it was ready:\n${output}`)));
  });
  project.provide('baseURL', baseURL);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
}

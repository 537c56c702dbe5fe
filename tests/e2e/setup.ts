/**
 * Global setup of the end-to-end tests: builds the site once (pages and the Cloudflare worker),
 * then starts the real embedded server on a free port over a fresh database with the sample content,
 * once for each worker that runs test files side by side (so a file's posts, live events and rate
 * limits never meet another's), makes an admin account on each with `npm run admin:create` (its
 * secret is generated, as always), and launches the one Chromium every test file connects to.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium.ts';
import { createAdminAccount, startServer } from './start-server.ts';

/** A shared server: its address and an admin account made with the real command on its database. */
export interface SharedServer {
  baseURL: string;
  admin: { name: string; secret: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server a worker (VITEST_POOL_ID 1 is the first). */
    servers: SharedServer[];
    /** The shared Chromium's address, for `chromium.connect`. */
    chromium: string;
  }
}

export default async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('npm run build failed');

  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  // The servers, their admin accounts and Chromium, all started side by side.
  const browser = launchChromiumServer();
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const folder = mkdtempSync(join(tmpdir(), 'fhr-e2e-'));
      // Behind loopback as its reverse proxy (TRUSTED_PROXY), so a test phone can stand on a network of its own with X-Forwarded-For.
      const server = await startServer(folder, { env: { TRUSTED_PROXY: '127.0.0.1' } });
      return { folder, server, shared: { baseURL: server.url, admin: await createAdminAccount(folder, 'E2E Admin') } };
    }),
  );
  project.provide(
    'servers',
    started.map(({ shared }) => shared),
  );
  project.provide('chromium', (await browser).wsEndpoint());
  return async () => {
    await (await browser).close();
    for (const { folder, server } of started) {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  };
}

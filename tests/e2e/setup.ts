/**
 * Global setup of the end-to-end tests: builds the site once (pages and the Cloudflare worker),
 * then starts the real embedded server on a free port over a fresh database with the sample
 * content, one for each worker running test files at once (the project's maxWorkers), and makes an admin
 * account on each with `npm run admin:create` (its secret is generated, as always). A test file
 * talks only to its worker's server (`e2eServer()` in chromium.ts), so files that run at the same
 * time never see each other's posts, counts or limits.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createAdminAccount, startServer } from './start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server for each worker (by VITEST_POOL_ID), with an admin account made with the real command on its database. */
    servers: { baseURL: string; admin: { name: string; secret: string } }[];
  }
}

export default async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('npm run build failed');

  const folders = Array.from({ length: project.config.maxWorkers }, () => mkdtempSync(join(tmpdir(), 'fhr-e2e-')));
  // Behind loopback as their reverse proxy (TRUSTED_PROXY), so a test phone can stand on a network of its own with X-Forwarded-For.
  const servers = await Promise.all(folders.map((folder) => startServer(folder, { env: { TRUSTED_PROXY: '127.0.0.1' } })));
  project.provide(
    'servers',
    servers.map((server, n) => ({ baseURL: server.url, admin: createAdminAccount(folders[n]!, 'E2E Admin') })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
}

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_PUSH_SERVICE_HOSTS } from '../push-service.ts';

/**
 * Starts the real embedded server (the build's `dist/node/server.mjs`, serving the current build) over
 * the database and media folder in `folder`, with the sample content (published resources, jobs, a drop and
 * lost-and-found posts) unless told otherwise; port 0 picks a free port; `env` adds settings. Its
 * push services are the real ones and one no network can reach (what write-endpoints.ts subscribes).
 */
export async function startServer(folder: string, { port = 0, sample = true, env = {} as Record<string, string> } = {}) {
  const server = spawn(process.execPath, ['dist/node/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${join(folder, 'app.db')}`,
      MEDIA_DIR: join(folder, 'media'),
      SAMPLE_CONTENT: sample ? 'on' : 'off',
      PUSH_SERVICE_HOSTS: TEST_PUSH_SERVICE_HOSTS.join(','),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything the server writes is kept (the privacy test reads it) and still shown.
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+?)\/?\s/);
      if (match) resolve(match[1]!);
    });
    server.once('close', (code) => reject(new Error(`the server stopped (exit ${code}) before it was ready:\n${log}`)));
  });
  return {
    url,
    /** What the server wrote to stdout and stderr so far. */
    log: () => log,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
    /** kill -9: no chance to finish anything. */
    async crash() {
      server.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Makes an admin on the database in `folder` with the real command, and answers the secret it
 * printed. Asynchronous, so the shared servers' accounts are made side by side.
 */
export async function createAdminAccount(folder: string, name: string) {
  const run = spawn('npm', ['run', '--silent', 'admin:create', '--', '--name', name], {
    env: { ...process.env, DATABASE_URL: `file:${join(folder, 'app.db')}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => run.once('close', resolve));
  const secret = /^secret: (\S+)$/m.exec(output)?.[1];
  if (status !== 0 || !secret) throw new Error(`npm run admin:create failed:\n${output}`);
  return { name, secret };
}

/**
 * The data key on the real embedded server: made once beside the database, the contacts posted
 * through it unreadable in the database files, a wrong or missing key refusing the start with
 * what to restore, and `npm run rotate-key` leaving everything readable under the new key.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { newDataKey } from '../../functions/domain/sealed.ts';
import type { LostFoundManage } from '../../src/common/contract/index.ts';
import { startServer } from './start-server.ts';

const folder = mkdtempSync(join(tmpdir(), 'fhr-key-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const CONTACT = 'rosa.family.key@example.org';
const keyFile = join(folder, 'data.key');
const databaseBytes = () =>
  readdirSync(folder)
    .filter((name) => name.startsWith('app.db'))
    .map((name) => readFileSync(join(folder, name)));
const refusal = (start: Promise<unknown>) =>
  start.then(
    () => 'started',
    (error: Error) => error.message,
  );

it('keeps the key beside the database, refuses a wrong or missing one, and rotates it with the documented command', async () => {
  const first = await startServer(folder, { sample: false });
  const posted = await fetch(`${first.url}/api/lost-found`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rosa', lastSeenCity: 'Fresno', contact: CONTACT }),
  });
  expect(posted.status).toBe(201);
  const { id, manageToken } = (await posted.json()) as { id: string; manageToken: string };
  await first.stop();

  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(databaseBytes().some((bytes) => bytes.includes(CONTACT))).toBe(false);
  const key = readFileSync(keyFile, 'utf8');

  writeFileSync(keyFile, newDataKey());
  expect(await refusal(startServer(folder, { sample: false }))).toMatch(/is not the one this database's phone numbers and emails were encrypted with/);
  rmSync(keyFile);
  expect(await refusal(startServer(folder, { sample: false }))).toMatch(/data\.key is missing\. Restore it/);

  writeFileSync(keyFile, key, { mode: 0o600 });
  const rotate = spawnSync('npm', ['run', '--silent', 'rotate-key', '--', join(folder, 'next.key')], {
    env: { ...process.env, DATABASE_URL: `file:${join(folder, 'app.db')}` },
    encoding: 'utf8',
  });
  expect(rotate.status, rotate.stderr).toBe(0);
  // The contact, and the keyed-hash secret its rate limit made (kept sealed under the data key too).
  expect(rotate.stdout).toMatch(/Re-encrypted 2 rows/);
  expect(readFileSync(keyFile, 'utf8')).toBe(readFileSync(join(folder, 'next.key'), 'utf8'));

  const again = await startServer(folder, { sample: false });
  try {
    // Its poster reads the contact back (lists carry none).
    const managed = (await (await fetch(`${again.url}/api/lost-found/${id}/manage`, { headers: { authorization: `Bearer ${manageToken}` } })).json()) as LostFoundManage;
    expect(managed.post.contact).toBe(CONTACT);
  } finally {
    await again.stop();
  }
  expect(databaseBytes().some((bytes) => bytes.includes(CONTACT))).toBe(false);
});

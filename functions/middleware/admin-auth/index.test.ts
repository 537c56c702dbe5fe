import { pbkdf2Sync } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSessions, auditLog } from '../../../db/schema.ts';
import { ADMIN_SESSION_HOURS } from '../../../src/common/contract/limits.ts';
import { tempDatabase } from '../../../tests/temp-db.ts';
import {
  audit,
  checkSecret,
  createAdmin,
  endSession,
  generateSecret,
  hashSecret,
  PBKDF2_ITERATIONS,
  requireAdmin,
  sameOrigin,
  sessionAdmin,
  startSession,
  verifySecret,
} from './index.ts';

const HOUR = 3600_000;

describe('secrets', () => {
  it('are 192 random bits, 32 URL-safe characters, never the same twice', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateSecret()).not.toBe(secret);
  });

  it('are kept as a salted PBKDF2-SHA-256 hash that only the secret matches', async () => {
    const stored = await hashSecret('the secret');
    expect(stored).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(stored).not.toContain('the secret');
    expect(await hashSecret('the secret')).not.toBe(stored);
    expect(await verifySecret('the secret', stored)).toBe(true);
    expect(await verifySecret('the secret ', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('refuse a stored hash of another kind, a broken one, or one that asks for more rounds than the hosts allow', async () => {
    // Made right, so that only the rule refuses it: more rounds would stall a worker.
    const salt = Buffer.from('0123456789abcdef');
    const made = (name: string, rounds: number) => [name, rounds, salt.toString('base64url'), pbkdf2Sync('s', salt, rounds, 32, 'sha256').toString('base64url')].join('$');
    expect(await verifySecret('s', made('pbkdf2-sha256', 1000))).toBe(true);
    expect(await verifySecret('s', made('pbkdf2-sha256', PBKDF2_ITERATIONS + 1))).toBe(false);
    expect(await verifySecret('s', made('pbkdf2-sha1', 1000))).toBe(false);
    for (const broken of ['', 'pbkdf2-sha256', 'pbkdf2-sha256$0$AAAA$AAAA', 'pbkdf2-sha256$1.5$AAAA$AAAA', 'pbkdf2-sha256$1000$$AAAA', made('pbkdf2-sha256', 1000).slice(0, -4)])
      expect(await verifySecret('s', broken), broken).toBe(false);
  });
});

describe('admins and sessions', () => {
  let store: Awaited<ReturnType<typeof tempDatabase>>;
  beforeEach(async () => {
    store = await tempDatabase();
  });
  afterEach(() => store.close());

  const now = Date.parse('2026-11-22T18:00:00.000Z');
  /** A small desk: sign in as an admin, see who the cookie names, sign out; its clock is `at`. */
  const desk = (adminId: string) => {
    const at = { now };
    const app = new Hono()
      .post('/in', async (c) => c.json({ expiresAt: await startSession(c, store.db, adminId, at.now) }))
      .get('/me', async (c) => c.json(await sessionAdmin(c, store.db, at.now)))
      .post('/out', async (c) => {
        await endSession(c, store.db);
        return c.body(null, 204);
      })
      .get(
        '/desk',
        requireAdmin(store.db, () => at.now),
        (c) => c.json({ name: c.get('admin').name }),
      );
    return { at, app, me: async (cookie: string) => (await app.request('/me', { headers: { cookie } })).json() };
  };
  const admin = async (name = 'Maria') => {
    const { secret } = await createAdmin(store.db, name, now);
    return { ...(await checkSecret(store.db, name, secret))!, secret };
  };

  it('knows an admin by a name and its secret; a wrong secret or an unknown name gets nobody', async () => {
    const { secret, id } = await admin();
    expect(await checkSecret(store.db, ' Maria ', secret)).toMatchObject({ id, name: 'Maria' });
    expect(await checkSecret(store.db, 'Maria', generateSecret())).toBeNull();
    expect(await checkSecret(store.db, 'Nobody', secret)).toBeNull();
    await expect(createAdmin(store.db, '  ')).rejects.toThrow(/1 to 120/);
  });

  it('a new secret for a name ends its sessions, and the old secret no longer signs in', async () => {
    const maria = await admin();
    const sessions = desk(maria.id);
    const cookie = (await sessions.app.request('/in', { method: 'POST' })).headers.get('set-cookie')!.split(';')[0]!;
    expect(await createAdmin(store.db, 'Maria')).toMatchObject({ created: false });
    expect(await checkSecret(store.db, 'Maria', maria.secret)).toBeNull();
    expect(await sessions.me(cookie)).toBeNull();
  });

  it('starts a session in a __Host- cookie, stores only its hash, and it lasts ADMIN_SESSION_HOURS', async () => {
    const maria = await admin();
    const sessions = desk(maria.id);
    const started = await sessions.app.request('/in', { method: 'POST' });
    const setCookie = started.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-admin=[\w-]{43};/);
    for (const part of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', `Max-Age=${ADMIN_SESSION_HOURS * 3600}`]) expect(setCookie).toContain(part);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = setCookie.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    expect(JSON.stringify(await store.db.select().from(adminSessions))).not.toContain(token);
    expect(await started.json()).toEqual({ expiresAt: new Date(now + ADMIN_SESSION_HOURS * HOUR).toISOString() });

    sessions.at.now = now + ADMIN_SESSION_HOURS * HOUR - 1;
    expect(await sessions.me(cookie)).toMatchObject({ id: maria.id, name: 'Maria' });
    expect((await sessions.app.request('/desk', { headers: { cookie } })).status).toBe(200);
    sessions.at.now = now + ADMIN_SESSION_HOURS * HOUR;
    expect(await sessions.me(cookie)).toBeNull();
    const expired = await sessions.app.request('/desk', { headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { code: 'signed_out', message: expect.any(String) } });
  });

  it('knows no cookie it did not give, and ends the session signed out of', async () => {
    const maria = await admin();
    const sessions = desk(maria.id);
    expect(await sessions.me('__Host-admin=made-up')).toBeNull();
    // Without the __Host- prefix a sibling subdomain could have set it.
    const cookie = (await sessions.app.request('/in', { method: 'POST' })).headers.get('set-cookie')!.split(';')[0]!;
    expect(await sessions.me(cookie.replace('__Host-', ''))).toBeNull();
    const out = await sessions.app.request('/out', { method: 'POST', headers: { cookie } });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-admin=;.*Max-Age=0/);
    expect(await store.db.select().from(adminSessions)).toEqual([]);
    expect(await sessions.me(cookie)).toBeNull();
  });

  it('writes who did what to which row, and when', async () => {
    await audit(store.db, { name: 'Maria' }, 'alert.hide', 'row-1', now);
    expect(await store.db.select().from(auditLog)).toEqual([
      { id: expect.any(String), adminName: 'Maria', action: 'alert.hide', targetId: 'row-1', at: new Date(now).toISOString() },
    ]);
  });
});

describe('sameOrigin', () => {
  const app = new Hono().use(sameOrigin('desk.example')).all('*', (c) => c.json({ ok: true }));
  const send = (method: string, headers: Record<string, string>) => app.request('http://localhost:4321/api/admin/x', { method, headers });

  it('refuses anything a browser says comes from another site, a read too', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://busy-news.example' }] as Record<string, string>[]) {
        const response = await send(method, headers);
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toEqual({ error: { code: 'cross_site', message: expect.any(String) } });
      }
    }
  });

  it('lets a change through only when it proves it comes from this site', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await send(method, {})).status, method).toBe(403);
      expect((await send(method, { origin: 'null' })).status, method).toBe(403);
      expect((await send(method, { 'sec-fetch-site': 'same-origin' })).status, method).toBe(200);
      expect((await send(method, { origin: 'http://localhost:4321' })).status, method).toBe(200);
      expect((await send(method, { origin: 'https://desk.example' })).status, method).toBe(200);
    }
  });

  it('lets a read through that names no other site', async () => {
    for (const method of ['GET', 'HEAD']) expect((await send(method, {})).status, method).toBe(200);
  });
});

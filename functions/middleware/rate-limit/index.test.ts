import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateEvents } from '../../../db/schema.ts';
import { RATE_LIMITS, type RateLimitName } from '../../../src/common/contract/limits.ts';
import { POW_DIFFICULTY, POW_PRESSURE_CLIENTS, type PowChallenge } from '../../../src/common/contract/pow.ts';
import { paying } from '../../../tests/paying.ts';
import { routeDeps } from '../../../tests/route-deps.ts';
import { MINUTE } from '../../domain/time.ts';
import { rateLimit, spend } from './index.ts';

let setup: Awaited<ReturnType<typeof routeDeps>>;
beforeEach(async () => {
  setup = await routeDeps();
});
afterEach(() => setup.close());

/** A write behind the limit `name` (or the one a request names in `x-limit`), counting the writes that ran. */
function limited(name: RateLimitName | 'by-header', options?: { always?: boolean }) {
  const ran: string[] = [];
  const app = new Hono().post('/', rateLimit(setup.deps, name === 'by-header' ? (c) => c.req.header('x-limit') as RateLimitName : name, options), (c) => {
    ran.push(c.req.header('x-test-client-address') ?? 'default');
    return c.json({ ok: true }, 201);
  });
  const send = (headers: Record<string, string> = {}, type = 'application/json') =>
    app.request('/', { method: 'POST', headers: { 'content-type': type, ...headers }, body: type === 'application/json' ? '{}' : 'a=1' });
  return { ran, send };
}
const from = (address: string) => ({ 'x-test-client-address': address });
const records = async () => setup.store.db.select().from(rateEvents);
/** Writes of `action` by other clients, as many as make the pressure that asks for proof of work. */
const pressure = (action: RateLimitName) =>
  setup.store.db
    .insert(rateEvents)
    .values(Array.from({ length: RATE_LIMITS[action].limit * POW_PRESSURE_CLIENTS }, (_, n) => ({ clientHash: `other-${n}`, action, at: setup.clock.now })));
const challengeOf = async (response: Response) => ((await response.json()) as { error: { code: string; challenge?: PowChallenge } }).error;

describe('the limit', () => {
  it('lets the limit through, then answers 429 in the one error shape, and neither runs nor stores the write refused', async () => {
    const { limit, message } = RATE_LIMITS.enforcementReport;
    const door = limited('enforcementReport');
    for (let n = 0; n < limit; n++) expect((await door.send()).status).toBe(201);
    expect(await records()).toHaveLength(limit);
    const refused = await door.send();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited', message } });
    expect(door.ran).toHaveLength(limit);
    expect(await records()).toHaveLength(limit);
  });

  it('holds for its window only, and for each limit apart', async () => {
    const { limit, windowMinutes } = RATE_LIMITS.enforcementReport;
    const door = limited('by-header');
    const report = { 'x-limit': 'enforcementReport' };
    for (let n = 0; n < limit; n++) await door.send(report);
    expect((await door.send(report)).status).toBe(429);
    expect((await door.send({ 'x-limit': 'alert' })).status).toBe(201);
    setup.clock.now += windowMinutes * MINUTE;
    expect((await door.send(report)).status).toBe(201);
  });

  it('keeps only a keyed hash of the client and the minute after the write, never the address or the exact time', async () => {
    setup.clock.now += 12_345;
    await limited('alert').send(from('198.51.100.23'));
    const [row] = await records();
    expect(row).toMatchObject({ action: 'alert', at: Math.ceil(setup.clock.now / MINUTE) * MINUTE });
    expect(row!.at % MINUTE).toBe(0);
    expect(row!.clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('198.51.100');
  });

  it('counts a client by its address (an IPv6 client by its /64), and by its network where the limit says so', async () => {
    const posts = limited('enforcementReport');
    for (let n = 0; n < RATE_LIMITS.enforcementReport.limit; n++) await posts.send(from(`2001:db8:1:2::${n + 1}`));
    expect((await posts.send(from('2001:db8:1:2::ff'))).status).toBe(429);
    expect((await posts.send(from('2001:db8:1:3::1'))).status).toBe(201);
    for (let n = 0; n < RATE_LIMITS.enforcementReport.limit; n++) await posts.send(from(`198.51.100.${n + 1}`));
    expect((await posts.send(from('198.51.100.200'))).status).toBe(201);

    const marks = limited('alertMark');
    expect(RATE_LIMITS.alertMark.scope).toBe('network');
    for (let n = 0; n < RATE_LIMITS.alertMark.limit; n++) await marks.send(from(`192.0.2.${n + 1}`));
    expect((await marks.send(from('192.0.2.250'))).status).toBe(429);
    expect((await marks.send(from('192.0.3.1'))).status).toBe(201);
  });
});

describe('proof of work', () => {
  it('is asked of every client when writes of that kind come in fast (428 with a challenge), and a solution lets the write through', async () => {
    const door = limited('lostFoundPost');
    expect((await door.send()).status).toBe(201);
    await pressure('lostFoundPost');
    const asked = await door.send();
    expect(asked.status).toBe(428);
    const error = await challengeOf(asked);
    expect(error.code).toBe('proof_required');
    expect(error.challenge?.parameters.data).toMatchObject({ use: 'lostFoundPost', difficulty: POW_DIFFICULTY.normal });
    expect(door.ran).toHaveLength(1);
    expect((await paying((headers) => door.send(headers))).status).toBe(201);
    expect(door.ran).toHaveLength(2);
  });

  it('is never asked of a post from a page without scripts: it keeps the ordinary limit', async () => {
    const door = limited('lostFoundPost');
    await pressure('lostFoundPost');
    for (let n = 0; n < RATE_LIMITS.lostFoundPost.limit; n++) expect((await door.send({}, 'application/x-www-form-urlencoded')).status).toBe(201);
    const refused = await door.send({}, 'application/x-www-form-urlencoded');
    expect(refused.status).toBe(429);
    expect((await challengeOf(refused)).challenge).toBeUndefined();
  });

  it('offers a client past its own limit a challenge at the maximum difficulty with its 429', async () => {
    const door = limited('alert');
    for (let n = 0; n < RATE_LIMITS.alert.limit; n++) await door.send();
    const refused = await door.send();
    expect(refused.status).toBe(429);
    const error = await challengeOf(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.challenge?.parameters.data).toMatchObject({ use: 'alert', difficulty: POW_DIFFICULTY.max });
  });

  it('with `always`, asks for a solution every time, even well within the limit', async () => {
    const door = limited('contactReveal', { always: true });
    const asked = await door.send();
    expect(asked.status).toBe(428);
    expect((await challengeOf(asked)).challenge?.parameters.data).toMatchObject({ use: 'contactReveal', difficulty: POW_DIFFICULTY.normal });
    expect(door.ran).toEqual([]);
    expect((await paying((headers) => door.send(headers))).status).toBe(201);
    expect((await door.send()).status).toBe(428);
    expect(door.ran).toHaveLength(1);
  });

  it('with `always`, a client past the limit gets a 429 with no challenge to pay', async () => {
    const door = limited('contactReveal', { always: true });
    for (let n = 0; n < RATE_LIMITS.contactReveal.limit; n++) expect((await paying((headers) => door.send(headers))).status).toBe(201);
    const refused = await door.send();
    expect(refused.status).toBe(429);
    expect(await challengeOf(refused)).toEqual({ code: 'rate_limited', message: RATE_LIMITS.contactReveal.message });
  }, 30_000);
});

describe('spend', () => {
  it('counts one action of a client known by a hash, and records nothing past the limit', async () => {
    const { limit } = RATE_LIMITS.textCodeNumber;
    for (let n = 0; n < limit; n++) expect(await spend(setup.deps, 'textCodeNumber', 'number-hash')).toBe(true);
    expect(await spend(setup.deps, 'textCodeNumber', 'number-hash')).toBe(false);
    expect(await records()).toHaveLength(limit);
    expect(await spend(setup.deps, 'textCodeNumber', 'another-number')).toBe(true);
  });
});

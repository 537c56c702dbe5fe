/**
 * Attack: replay a text to the service's number. A REPORT text, correctly signed by the SMS
 * provider, is captured once (a proxy's log, a leaked request) and posted again later: after its
 * report is closed, or past the hour in which the same words count as a duplicate.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ALERT_HOURS, DUPLICATE_WINDOW_MINUTES, ENFORCEMENT_TYPE } from '../../src/common/contract/limits.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { postText, SMS_INBOUND, twilioForm } from '../twilio.ts';

const MINUTE = 60_000;
let api: TestApp;
beforeEach(async () => {
  api = await testApp({ smsInbound: SMS_INBOUND });
});
afterEach(() => api.close());

const reports = async () => Number((await api.store.client.execute('select count(*) as n from alerts')).rows[0]!.n);
const replyOf = async (response: Response) => /<Message>([^<]*)<\/Message>/.exec(await response.text())?.[1] ?? null;

it('a signed REPORT posted again past the duplicate hour posts nothing, and says nothing', async () => {
  const captured = twilioForm('REPORT Fresno agents at the flea market', '+15595550123');
  const first = await postText(api.app, captured);
  expect(first.status).toBe(200);
  expect(await replyOf(first)).toContain('Fresno');
  expect(await reports()).toBe(1);

  api.clock.now += (DUPLICATE_WINDOW_MINUTES + 1) * MINUTE;
  const replayed = await postText(api.app, captured);
  expect(replayed.status).toBe(200);
  expect(await replyOf(replayed)).toBeNull();
  expect(await reports()).toBe(1);
});

it('a signed REPORT posted again once its report has ended posts nothing', async () => {
  const captured = twilioForm('REPORT Fresno agents at the flea market', '+15595550123');
  await postText(api.app, captured);
  expect(await reports()).toBe(1);
  // The report ends at its expiry and is swept away.
  api.clock.now += ALERT_HOURS[ENFORCEMENT_TYPE] * 60 * MINUTE + MINUTE;
  await api.app.maintain();
  expect(await reports()).toBe(0);

  const replayed = await postText(api.app, captured);
  expect(await replyOf(replayed)).toBeNull();
  expect(await reports()).toBe(0);
  // A new text from the same phone (its own MessageSid) is served as always.
  expect(await replyOf(await postText(api.app, twilioForm('REPORT Fresno agents at the flea market', '+15595550123')))).toContain('Fresno');
  expect(await reports()).toBe(1);
});

import { describe, expect, it } from 'vitest';
import { apiConfig, loadConfig, loadWorkerConfig } from './config.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './outbound/push-hosts.ts';

const refusal = (load: () => unknown) => {
  try {
    load();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the setting was taken');
};

/** A VAPID pair in the form `web-push generate-vapid-keys` writes (base64url, no padding). */
const VAPID = {
  publicKey: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  privateKey: 'mp5xYHWtRTSCA63nZMvmJ_qmOWGFXqlVnqLoEtwGaLc',
};
const TURSO = { DATABASE_URL: 'libsql://app.example.turso.io', DATABASE_AUTH_TOKEN: 'token' };

describe('configuration', () => {
  it('gives both hosts the same API settings, ALERT_HOURS and the SMS gateway included', () => {
    const settings = {
      HASH_SECRET: 'a-secret-of-sixteen-or-more',
      ALERT_HOURS: '{"Enforcement Activity": 2}',
      SMS_GATEWAY_URL: 'https://sms.example.org/send',
      SMS_GATEWAY_TOKEN: 'sms-token',
      SMS_INBOUND_SECRET: 'twilio-auth-token',
      SMS_INBOUND_URL: 'https://findhelpreunite.org/api/sms/inbound',
      PUBLIC_DONATION_URL: 'https://donate.example.org/give',
      DONATIONS_TOTAL: '1250',
      PFIF_DOMAIN: 'findhelpreunite.org',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:ops@findhelpreunite.org',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, *.notify.windows.com,127.0.0.1:8123',
    };
    const expected = {
      hashSecret: 'a-secret-of-sixteen-or-more',
      alertHours: { 'Enforcement Activity': 2 },
      smsGateway: { url: 'https://sms.example.org/send', token: 'sms-token' },
      smsInbound: { secret: 'twilio-auth-token', url: 'https://findhelpreunite.org/api/sms/inbound' },
      donationUrl: 'https://donate.example.org/give',
      donationsTotal: 1250,
      pfifDomain: 'findhelpreunite.org',
      push: { vapid: VAPID, subject: 'mailto:ops@findhelpreunite.org', serviceHosts: ['fcm.googleapis.com', '*.notify.windows.com', '127.0.0.1:8123'] },
    };
    expect(apiConfig(loadConfig(settings))).toEqual(expected);
    // The worker's env also holds its bindings (objects), which are no settings.
    expect(apiConfig(loadWorkerConfig({ ...TURSO, ...settings, MEDIA: {}, LiveRoom: {} }))).toEqual(expected);
  });

  it('refuses a bad setting on the worker with the same message as on Node', () => {
    for (const bad of [
      { ALERT_HOURS: '{"Enforcement Activity": -1}' },
      { HASH_SECRET: 'short' },
      { DONATIONS_TOTAL: 'lots' },
      { SMS_GATEWAY_URL: 'ftp://sms' },
      // Texts would link to whatever Host a request claimed.
      { SMS_GATEWAY_URL: 'https://sms.example.org/send' },
      { PFIF_DOMAIN: 'https://findhelpreunite.org/' },
      { VAPID_PUBLIC_KEY: VAPID.publicKey },
      { VAPID_PUBLIC_KEY: VAPID.publicKey.slice(1), VAPID_PRIVATE_KEY: VAPID.privateKey },
      { VAPID_SUBJECT: 'ops@findhelpreunite.org' },
      { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,https://evil.example/' },
      { LIVE_ROOM_URL: 'https://live.example.partykit.dev' },
      { LIVE_ROOM_URL: 'wss://live.example.partykit.dev', LIVE_ROOM_SECRET: 'a-secret-of-sixteen-or-more' },
      { LIVE_ROOM_URL: 'https://live.example.partykit.dev', LIVE_ROOM_SECRET: 'short' },
      { DATA_KEY: 'too-short-for-a-key' },
    ]) {
      const message = refusal(() => loadConfig(bad));
      expect(message).toMatch(/^Configuration is not valid:\n {2}[A-Z_]+: /);
      expect(refusal(() => loadWorkerConfig({ ...TURSO, ...bad }))).toBe(message);
    }
  });

  it('asks the worker for a Turso database address, and takes a blank setting as unset', () => {
    expect(() => loadWorkerConfig({ DATABASE_URL: '' })).toThrow('DATABASE_URL: must be the libsql://, https:// or wss:// address of the Turso database');
    expect(() => loadWorkerConfig({ DATABASE_URL: 'file:./data/app.db' })).toThrow('DATABASE_URL: must be the libsql://');
    expect(loadWorkerConfig({ ...TURSO, HASH_SECRET: '', DONATIONS_TOTAL: '' })).toEqual({ ...TURSO, DONATIONS_TOTAL: 0, PUSH_SERVICE_HOSTS: DEFAULT_PUSH_SERVICE_HOSTS });
  });
});

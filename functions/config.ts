import * as z from 'zod/mini';
import { ALERT_TYPES } from '../src/common/contract/limits.ts';
import { addressRange } from './hosts/client-address.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushServiceHost } from './outbound/push-hosts.ts';
import type { Deps } from './deps.ts';

const flag = z.pipe(
  z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: 'must be on or off' }),
  z.transform((value) => ['on', 'true', '1', 'yes'].includes(value)),
);

const portMessage = 'must be a port number from 0 to 65535';
const webAddress = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const base64url = (bytes: number, what: string) =>
  z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `must be ${what}: ${bytes} bytes in base64url without padding`));
const alertHours = z.partialRecord(z.enum(ALERT_TYPES), z.number().check(z.gt(0), z.lte(24 * 365)));

/** The API's settings, the same on both hosts (README, "Settings"). */
const apiSettings = {
  DATABASE_AUTH_TOKEN: z.optional(z.string()),
  /** The domain of this site's PFIF record ids (`DOMAIN/person.ID`), CAP sender and calendar UIDs; the host name asked for without it. */
  PFIF_DOMAIN: z.optional(z.string().check(z.regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name such as findhelpreunite.org'))),
  HASH_SECRET: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  /** The key phone numbers and emails are encrypted with (functions/domain/sealed.ts); the Node host's key file without it. */
  DATA_KEY: z.optional(base64url(32, 'the data key')),
  SMS_GATEWAY_URL: z.optional(webAddress),
  SMS_GATEWAY_TOKEN: z.optional(z.string()),
  /** The SMS provider's auth token, which signs its webhooks (X-Twilio-Signature); without it, POST /api/sms/inbound answers 404. */
  SMS_INBOUND_SECRET: z.optional(z.string()),
  /** The exact address the provider is told to call for incoming texts: what it signs, and where record links lead. */
  SMS_INBOUND_URL: z.optional(webAddress),
  /** The same variable the page build reads, so pages and GET /api/donation-links agree. */
  PUBLIC_DONATION_URL: z.optional(webAddress),
  PUBLIC_QUICK_EXIT_URL: z.optional(webAddress),
  DONATIONS_TOTAL: z._default(z.coerce.number({ error: 'must be a number of dollars' }).check(z.gte(0, 'must be 0 or more')), 0),
  /** The server's VAPID key pair (RFC 8292), e.g. from `npx web-push generate-vapid-keys`; without it, one made once and kept in the database, sealed under the data key. */
  VAPID_PUBLIC_KEY: z.optional(base64url(65, 'the uncompressed P-256 public key')),
  VAPID_PRIVATE_KEY: z.optional(base64url(32, 'the P-256 private key')),
  /** Who push services may write to about this server's pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z.optional(z.string().check(z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, 'must be a mailto: or https: address'))),
  /** The push services this server calls, comma-separated; a loopback host:port there may be called over http (tests). */
  PUSH_SERVICE_HOSTS: z._default(
    z.pipe(
      z.string(),
      z.transform((value, context) => {
        const hosts = value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean);
        const bad = hosts.filter((host) => !isPushServiceHost(host));
        if (bad.length) context.issues.push({ code: 'custom', message: `must be host names (or *.domain) separated by commas, not ${bad.join(', ')}`, input: value });
        return hosts;
      }),
    ),
    DEFAULT_PUSH_SERVICE_HOSTS,
  ),
  /** The PartyKit-hosted live room (`npx partykit deploy`) the API publishes to; the host's own room without it. */
  LIVE_ROOM_URL: z.optional(webAddress),
  /** The secret the API and that room share (set it there with `npx partykit env add LIVE_ROOM_SECRET`). */
  LIVE_ROOM_SECRET: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  ALERT_HOURS: z.optional(
    z.pipe(
      z.string(),
      z.transform((value, context) => {
        try {
          return alertHours.parse(JSON.parse(value));
        } catch {
          context.issues.push({ code: 'custom', message: 'must be JSON like {"Enforcement Activity": 4}, hours per alert type', input: value });
          return {};
        }
      }),
    ),
  ),
};

/** A key pair comes whole: a public key with another's private key would sign what no service accepts. */
const vapidPair = z.refine<{ VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }>((settings) => !settings.VAPID_PUBLIC_KEY === !settings.VAPID_PRIVATE_KEY, {
  message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
  path: ['VAPID_PRIVATE_KEY'],
});

/** A room elsewhere takes publishes only with the secret: one without the other cannot work. */
const liveRoomPair = z.refine<{ LIVE_ROOM_URL?: string; LIVE_ROOM_SECRET?: string }>((settings) => !settings.LIVE_ROOM_URL === !settings.LIVE_ROOM_SECRET, {
  message: 'set both LIVE_ROOM_URL and LIVE_ROOM_SECRET, or neither',
  path: ['LIVE_ROOM_SECRET'],
});

/**
 * Texts that go out link to the site: its address must be configured (PFIF_DOMAIN, or the
 * SMS_INBOUND_URL the provider calls), never taken from a request, whose Host header anyone writes.
 */
const textsLinkHome = z.refine<{ SMS_GATEWAY_URL?: string; PFIF_DOMAIN?: string; SMS_INBOUND_URL?: string }>(
  (settings) => !settings.SMS_GATEWAY_URL || !!settings.PFIF_DOMAIN || !!settings.SMS_INBOUND_URL,
  { message: 'texts link to the site: with SMS_GATEWAY_URL, set PFIF_DOMAIN (or SMS_INBOUND_URL) to its address', path: ['PFIF_DOMAIN'] },
);

/** The Node host adds where it listens, a local database file and media folder, and sample content. */
const nodeSchema = z
  .object({
    PORT: z._default(z.coerce.number({ error: portMessage }).check(z.int(portMessage), z.gte(0, portMessage), z.lte(65535, portMessage)), 4321),
    HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
    DATABASE_URL: z._default(
      z.string().check(z.regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/, 'must start with file:, libsql://, http(s):// or ws(s)://')),
      'file:./data/app.db',
    ),
    SAMPLE_CONTENT: z._default(flag, true),
    MEDIA_DIR: z._default(z.string().check(z.minLength(1)), './data/media'),
    /** The reverse proxy in front of this server: only a request from it has its X-Forwarded-For believed (functions/hosts/client-address.ts). */
    TRUSTED_PROXY: z.optional(
      z.pipe(
        z.string(),
        z.transform((value, context) => {
          const range = addressRange(value);
          if (!range) context.issues.push({ code: 'custom', message: 'must be the IP address or CIDR block of the reverse proxy, such as 127.0.0.1 or 10.0.0.0/8', input: value });
          return range ?? (() => false);
        }),
      ),
    ),
    ...apiSettings,
  })
  .check(vapidPair, liveRoomPair, textsLinkHome);

/** The Cloudflare worker has no disk: its database is always a Turso (libSQL) server. */
const remoteDatabase = 'must be the libsql://, https:// or wss:// address of the Turso database';
const workerSchema = z
  .object({
    DATABASE_URL: z.string({ error: remoteDatabase }).check(z.regex(/^(libsql|https?|wss?):\/\//, remoteDatabase)),
    ...apiSettings,
  })
  .check(vapidPair, liveRoomPair, textsLinkHome);

export type Config = z.output<typeof nodeSchema>;
export type WorkerConfig = z.output<typeof workerSchema>;

function parse<S extends z.ZodMiniType>(schema: S, env: Record<string, unknown>): z.output<S> {
  // A blank variable counts as unset; a worker's env also holds its bindings, which are no settings.
  const settings = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === 'string' && value !== ''));
  const result = schema.safeParse(settings);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Configuration is not valid:\n${problems.join('\n')}`);
}

/** Reads the Node host's configuration from the environment; a wrong value stops the start with a clear message. */
export const loadConfig = (env: Record<string, string | undefined>): Config => parse(nodeSchema, env);

/** Reads the worker's configuration from its env (vars and secrets), with the same checks and messages. */
export const loadWorkerConfig = (env: object): WorkerConfig => parse(workerSchema, { ...env });

/** The PartyKit-hosted room both hosts publish to when LIVE_ROOM_URL is set; null for their own. */
export const liveRoomSettings = (config: Config | WorkerConfig) =>
  config.LIVE_ROOM_URL && config.LIVE_ROOM_SECRET ? { url: config.LIVE_ROOM_URL, secret: config.LIVE_ROOM_SECRET } : null;

/** What the API takes from either host's configuration. */
export const apiConfig = (config: Config | WorkerConfig): NonNullable<Deps['config']> => ({
  hashSecret: config.HASH_SECRET,
  alertHours: config.ALERT_HOURS,
  donationsTotal: config.DONATIONS_TOTAL,
  smsGateway: config.SMS_GATEWAY_URL ? { url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN } : null,
  smsInbound: config.SMS_INBOUND_SECRET ? { secret: config.SMS_INBOUND_SECRET, url: config.SMS_INBOUND_URL } : null,
  donationUrl: config.PUBLIC_DONATION_URL,
  quickExitUrl: config.PUBLIC_QUICK_EXIT_URL,
  pfifDomain: config.PFIF_DOMAIN,
  push: {
    vapid: config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY } : undefined,
    subject: config.VAPID_SUBJECT,
    serviceHosts: config.PUSH_SERVICE_HOSTS,
  },
});

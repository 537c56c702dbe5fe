import * as z from 'zod/mini';
import { ALERT_TYPES } from '../src/contract/limits.ts';

const flag = z.pipe(
  z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: 'must be on or off' }),
  z.transform((value) => ['on', 'true', '1', 'yes'].includes(value)),
);

const portMessage = 'must be a port number from 0 to 65535';

const schema = z.object({
  PORT: z._default(z.coerce.number({ error: portMessage }).check(z.int(portMessage), z.gte(0, portMessage), z.lte(65535, portMessage)), 4321),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  DATABASE_URL: z._default(
    z.string().check(z.regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/, 'must start with file:, libsql://, http(s):// or ws(s)://')),
    'file:./data/app.db',
  ),
  DATABASE_AUTH_TOKEN: z.optional(z.string()),
  SAMPLE_CONTENT: z._default(flag, true),
  MEDIA_DIR: z._default(z.string().check(z.minLength(1)), './data/media'),
  HASH_SECRET: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  SMS_GATEWAY_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' })),
  SMS_GATEWAY_TOKEN: z.optional(z.string()),
  /** The same variable the page build reads, so pages and GET /api/donation-links agree. */
  PUBLIC_DONATION_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' })),
  DONATIONS_TOTAL: z._default(z.coerce.number({ error: 'must be a number of dollars' }).check(z.gte(0, 'must be 0 or more')), 0),
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
});

const alertHours = z.partialRecord(z.enum(ALERT_TYPES), z.number().check(z.gt(0), z.lte(24 * 365)));

export type Config = z.output<typeof schema>;

/** Reads the configuration from the environment; a wrong value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Configuration is not valid:\n${problems.join('\n')}`);
}

import type { Sealer } from './sealed.ts';

const DAY = 24 * 3600 * 1000;
const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

async function hmac(key: Uint8Array, message: string): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message));
}

/** The configured secret (HASH_SECRET), or one made once and kept in the database sealed under the data key. */
async function loadSecret(sealed: Sealer, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return encoder.encode(configured);
  return encoder.encode(await sealed.keptSecret('hash_secret', () => hex(crypto.getRandomValues(new Uint8Array(32)).buffer as ArrayBuffer)));
}

/**
 * Keyed hashes, so that the app can tell "the same device" or "the same client" apart without
 * ever storing who it is: a hash cannot be reversed or matched without the secret, and the
 * database holds the secret only sealed, so a copy of it cannot match one either.
 */
export function keyring(sealed: Sealer, configured?: string) {
  let secret: Promise<Uint8Array> | undefined;
  const key = () =>
    (secret ??= loadSecret(sealed, configured).catch((error: Error) => {
      secret = undefined;
      throw error;
    }));
  return {
    /** A stable keyed hash of the parts. */
    async hash(...parts: string[]): Promise<string> {
      return hex(await hmac(await key(), parts.join('\u0000')));
    },
    /** A secret of its own for one use (signing proof-of-work challenges), derived from the one secret. */
    async secretFor(use: string): Promise<string> {
      return hex(await hmac(await key(), `use:${use}`));
    },
    /** A keyed hash under a key that changes every UTC day: yesterday's cannot be matched with today's. */
    async dailyHash(now: number, ...parts: string[]): Promise<string> {
      const dayKey = new Uint8Array(await hmac(await key(), `day:${Math.floor(now / DAY)}`));
      return hex(await hmac(dayKey, parts.join('\u0000')));
    },
  };
}
export type Keyring = ReturnType<typeof keyring>;

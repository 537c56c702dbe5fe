/**
 * A software passkey authenticator for API tests (WebAuthn level 3, ES256, "none" attestation):
 * it answers the options @simplewebauthn/server makes as a phone's authenticator would, signed
 * with its own P-256 key, from `origin`. The browser tests use Chromium's virtual authenticator.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { encodeCBOR } from '@levischuck/tiny-cbor';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
const UP_UV = 0x05;
const AT = 0x40;

export function softAuthenticator(origin: string) {
  const credentials = new Map<string, { key: KeyObject; rpId: string; userHandle: string; counter: number }>();

  const authData = (rpId: string, flags: number, counter: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, from: string) => Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    /** navigator.credentials.create(): a new credential for the options' RP and user. */
    create(options: { challenge: string; rp: { id: string }; user: { id: string } }, from = origin) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const id = randomBytes(16);
      const cose = encodeCBOR(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cose)]);
      const attestationObject = encodeCBOR(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData(options.rp.id, UP_UV | AT, 0, attested)],
        ]),
      );
      credentials.set(b64(id), { key: privateKey, rpId: options.rp.id, userHandle: options.user.id, counter: 0 });
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge, from)), attestationObject: b64(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get(): an assertion by `id` (or the only credential) for the options' challenge. */
    get(options: { challenge: string; rpId?: string }, { id = [...credentials.keys()][0]!, from = origin } = {}) {
      const credential = credentials.get(id)!;
      credential.counter++;
      const data = authData(options.rpId ?? credential.rpId, UP_UV, credential.counter);
      const client = clientData('webauthn.get', options.challenge, from);
      const signature = createSign('sha256')
        .update(Buffer.concat([data, sha256(client)]))
        .sign(credential.key);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
      };
    },
  };
}

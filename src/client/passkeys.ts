/**
 * The browser's side of passkeys (WebAuthn through @simplewebauthn/browser): the server's prompt
 * asked for, the browser's own dialog, and its answer sent back. One chunk, which the moderators'
 * desk loads only when a passkey button is tapped.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { postJson } from './api.ts';

type Paths = { options: string; verify: string };

/** Makes a passkey on this device: the prompt from `paths.options`, the new passkey to `paths.verify`, both with `body`. Answers what the server says. */
export async function createPasskey<T>(paths: Paths, body: object = {}): Promise<T> {
  const optionsJSON = await postJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(paths.options, body);
  return postJson<T>(paths.verify, { ...body, response: await startRegistration({ optionsJSON }) });
}

/** Signs in with a passkey the device offers: the prompt from `paths.options`, its signature to `paths.verify`. Answers what the server says. */
export async function signInWithPasskey<T>(paths: Paths): Promise<T> {
  const optionsJSON = await postJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(paths.options, {});
  return postJson<T>(paths.verify, { response: await startAuthentication({ optionsJSON }) });
}

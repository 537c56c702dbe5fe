import type { Lang } from '../i18n/languages.ts';
import { call } from './api.ts';

/** A base64url key as bytes, the form PushManager.subscribe takes. */
const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/**
 * Subscribes this browser to Web Push (every topic, all of California, in `lang`) once
 * notifications are allowed, and answers whether it could. A browser without a service worker or
 * Push, or offline, answers false: notifications then reach it only while a page is open.
 */
export async function subscribePush(lang: Lang): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration?.pushManager) return false;
    const { publicKey } = await call('GET /api/push/key', undefined);
    const subscription =
      (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return false;
    await call('POST /api/push/subscriptions', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, lang });
    return true;
  } catch {
    return false;
  }
}

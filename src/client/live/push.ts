import type { Lang } from '../../common/i18n/languages.ts';
import { call } from '../api.ts';

/** A base64url key as bytes, the form PushManager.subscribe takes. */
const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** What the server keeps of this browser's push subscription: its address at the push service and its keys. */
export interface BrowserPush {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How long a tap waits for the service worker the page is registering. */
const WORKER_WAIT_MS = 10_000;

/** Whether this browser can get pushes with the site closed: a service worker, Push and notifications. */
export const pushSupported = () => typeof Notification !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

/**
 * This browser's push subscription, or null when it has none. With `create`, one is made (asking
 * to allow notifications first, from a tap: Firefox and Safari refuse a request made without
 * one); 'blocked' when notifications are refused, 'unsupported' where push cannot work.
 */
export async function browserPush(create: boolean): Promise<BrowserPush | null | 'blocked' | 'unsupported'> {
  if (!pushSupported()) return 'unsupported';
  if (create && Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted') return 'blocked';
  let registration = await navigator.serviceWorker.getRegistration();
  // Every page registers the worker as it loads (src/components/layout/Offline.astro): a tap may come first.
  if (!registration && create) registration = await Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_WAIT_MS))]);
  if (!registration) return create ? 'unsupported' : null;
  if (!registration.pushManager) return 'unsupported';
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription && create) {
    const { publicKey } = await call('GET /api/push/key', undefined);
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) });
  }
  if (!subscription) return null;
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return 'unsupported';
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Stops this browser's subscription at its push service too, so nothing is sent to it any more. */
export async function unsubscribeBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
}

/**
 * Subscribes this browser to Web Push (every topic, all of California, in `lang`) once
 * notifications are allowed, and answers whether it could. A browser without a service worker or
 * Push, or offline, answers false: notifications then reach it only while a page is open.
 */
export async function subscribePush(lang: Lang): Promise<boolean> {
  try {
    const push = await browserPush(true);
    if (!push || typeof push === 'string') return false;
    await call('POST /api/push/subscriptions', { ...push, lang });
    return true;
  } catch {
    return false;
  }
}

import { PartySocket } from 'partysocket';
import { LIVE_ROOM, parseLiveEvent } from '../contract/events.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { $liveConnected, $liveEvent } from './live-store.ts';
import { liveNotice, type LiveNotice } from './live-toasts.ts';
import { takeOwnEvent } from './own-posts.ts';
import { showToast } from './toast.ts';

/**
 * Keeps a socket to the live room (same origin; partysocket reconnects after drops) and turns
 * each event that keeps the contract into a toast and, where allowed, an OS notification.
 */
export function connectLive(messages: Messages, element: HTMLElement): PartySocket {
  const t = messageFn(messages);
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    ...LIVE_ROOM,
  });
  // `data-connected` on <live-events> says whether the page is hearing the room right now.
  const connected = (open: boolean) => () => {
    element.toggleAttribute('data-connected', open);
    $liveConnected.set(open);
  };
  socket.addEventListener('open', connected(true));
  socket.addEventListener('close', connected(false));
  socket.addEventListener('message', ({ data }) => {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return;
    }
    const event = parseLiveEvent(raw);
    if (!event) return;
    $liveEvent.set(event);
    if (takeOwnEvent(event)) return;
    const notice = liveNotice(event, t);
    if (!notice) return;
    showToast(notice.toast);
    if (notice.notification) void notify(notice.notification);
  });
  return socket;
}

async function notify({ title, body, tag }: NonNullable<LiveNotice['notification']>) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const options = { body, tag, requireInteraction: true, icon: '/favicon.svg' };
  try {
    // Android Chrome only shows notifications through a service worker.
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) await registration.showNotification(title, options);
    else new Notification(title, options);
  } catch {
    // The toast has already told the person.
  }
}

import { HEARTBEAT_MS, PING, roomSocketUrl, TOO_MANY_SOCKETS_CODE } from '../../common/room.ts';
import { parseLiveEvent } from '../../common/contract/events.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { $liveConnected, $liveEvent } from './store.ts';
import { liveNotice, type LiveNotice } from './toasts.ts';
import { ownRecord } from '../my-posts.ts';
import { unlessOwn } from '../own-posts.ts';
import { showToast } from '../toast.ts';

/** The wait before reconnecting after a drop: doubling from the first, up to the most. */
const RETRY_MS = { first: 1000, most: 10_000 };

/** A room that refused this network (too many sockets from it) is asked again only after this. */
const REFUSED_RETRY_MS = 60_000;

/**
 * Keeps a socket to the live room (same origin, or `hosted`, PUBLIC_LIVE_URL's; reconnecting after drops) and turns each event
 * that keeps the contract into a toast and, where allowed, an OS notification. A plain WebSocket
 * rather than partysocket: every page loads this, and it saves 4 KB gzipped of a 12 KB budget.
 */
export function connectLive(messages: Messages, element: HTMLElement, hosted?: string): { close(): void; reconnect(): void } {
  const t = messageFn(messages);
  const url = roomSocketUrl(location, hosted);
  let socket: WebSocket;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MS.first;
  let stopped = false;
  // `data-connected` on <live-events> says whether the page is hearing the room right now.
  const connected = (open: boolean) => {
    element.toggleAttribute('data-connected', open);
    $liveConnected.set(open);
  };
  const open = () => {
    clearTimeout(retry);
    const opened = new WebSocket(url);
    socket = opened;
    socket.onopen = () => {
      delay = RETRY_MS.first;
      connected(true);
      // The room drops a socket silent for two beats (one whose page is gone).
      const heartbeat = setInterval(() => (opened.readyState === opened.OPEN ? opened.send(PING) : clearInterval(heartbeat)), HEARTBEAT_MS);
    };
    socket.onclose = ({ code }) => {
      connected(false);
      if (stopped) return;
      // A refused page knocks again a minute later, not every second: it would only be refused again.
      retry = setTimeout(open, code === TOO_MANY_SOCKETS_CODE ? REFUSED_RETRY_MS : delay);
      delay = Math.min(delay * 2, RETRY_MS.most);
    };
    socket.onmessage = receive;
  };
  const receive = ({ data }: MessageEvent) => {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return;
    }
    const event = parseLiveEvent(raw);
    if (!event) return;
    $liveEvent.set(event);
    const notice = liveNotice(event, t, ownRecord);
    if (!notice) return;
    unlessOwn(event, () => {
      showToast(notice.toast);
      if (notice.notification) void notify(notice.notification);
    });
  };
  open();
  return {
    close() {
      stopped = true;
      clearTimeout(retry);
      socket.close();
    },
    reconnect() {
      stopped = false;
      socket.onclose = null;
      socket.close();
      open();
    },
  };
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

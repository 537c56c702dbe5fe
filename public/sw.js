/*
 * The service worker: keeps /sos, /emergency (in the visitor's language) and the last pages a
 * person visited readable without a connection, and lists showing the last data they had.
 * Pages and data always come from the network first, so nothing goes stale while online.
 * It never touches writes (only GET is handled), admin pages or the admin API (nothing of the
 * moderation desk, SOS requests among it, is ever kept on a device), the live room, photos, or
 * reads that carry a secret (a poster's manage link: its answers stay off the disk), searches
 * (the names typed), or a person's record and its page (whom a family looked up). Quick exit
 * empties these caches on its way out (src/components/layout/QuickExit.astro).
 * It also shows Web Push notifications (a generic title and body from the server) and opens the
 * item's page on this site when one is tapped.
 */
// v2: the copies kept before person reads were left out are dropped when this worker starts.
const PAGES = 'pages-v2';
const ASSETS = 'assets-v1';
const DATA = 'data-v2';
const KEEP = [PAGES, ASSETS, DATA];
const MAX_PAGES = 30;
const MAX_DATA = 30;
/** How long a slow network may take before a saved copy is shown instead. */
const NETWORK_WAIT_MS = 4000;

// Any one segment before the desk's name counts as a language prefix: a page wrongly kept off the
// disk costs less than a desk page kept on it.
const ADMIN = /^(\/[^/]+)?\/(admin|drops-admin|resources-admin|jobs-admin)(\/|$)/;
/**
 * One person's record: its data (/api/lost-found/ID and what hangs off it, a short link) and its
 * page (/person/ID) in any language. Lists of the board are kept; which record someone opened is not.
 */
const PERSON = /^\/api\/(lost-found\/[^/]+|p)(\/|$)|^(\/[^/]+)?\/person(\/|$)/;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEEP.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// A page asks to keep its language's emergency pages ready before they are ever needed.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && url.startsWith('/') && !ADMIN.test(url));
  event.waitUntil(
    caches.open(PAGES).then((cache) =>
      Promise.all(
        urls.map((url) =>
          fetch(url, { credentials: 'same-origin' })
            .then((response) => response.ok && cache.put(url, response))
            .catch(() => undefined),
        ),
      ),
    ),
  );
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data?.json() ?? {};
  } catch {
    // Not the server's JSON: shown as a bare notice that something new is on the site.
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Find. Help. Reunite.';
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: sameOrigin(message.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});

/** A page of this site only (the home page otherwise): a push can never open another site. */
function sameOrigin(address) {
  try {
    const url = new URL(typeof address === 'string' ? address : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (ADMIN.test(path) || PERSON.test(path) || path.startsWith('/api/admin/') || path.startsWith('/parties/') || path.startsWith('/images/') || path === '/sw.js') return;
  if (request.headers.has('authorization')) return;
  // A search carries the name someone typed: what a family looked for stays off the disk.
  if (path.startsWith('/api/') && url.searchParams.has('q')) return;

  if (path.startsWith('/_astro/') || /\.(svg|png|webmanifest)$/.test(path)) {
    event.respondWith(cacheFirst(request));
  } else if (path.startsWith('/api/')) {
    event.respondWith(networkFirst(request, DATA, MAX_DATA, url.pathname + url.search));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, PAGES, MAX_PAGES, path.replace(/(.)\/$/, '$1')).then((response) => response || offlinePage(path)));
  }
});

/** Hashed assets never change: the saved copy is always right. */
async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

/** The network's answer (saved for later), or the saved copy when offline or too slow. */
async function networkFirst(request, cacheName, max, key) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.put(key, response.clone());
      await trim(cache, max);
    }
    return response;
  });
  network.catch(() => undefined);
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, 'slow'));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await cache.match(key)) || (await network);
  } catch {
    const saved = await cache.match(key);
    if (saved) return saved;
    if (cacheName !== PAGES) return Response.json({ error: { code: 'offline', message: 'You are offline' } }, { status: 503 });
    return undefined;
  }
}

/** Keeps only the most recent entries. */
async function trim(cache, max) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

/** A page never saved: the language's SOS page if it was kept, else a short plain notice. */
async function offlinePage(path) {
  // The first segment is the language when it has an SOS page kept under it (`/zh-hant/jobs`).
  const first = path.split('/')[1];
  const cache = await caches.open(PAGES);
  const sos = (first && (await cache.match(`/${first}/sos`))) || (await cache.match('/sos'));
  if (sos) return sos;
  return new Response('<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Offline</title><p>You are offline. Call 911 in an emergency.</p>', {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

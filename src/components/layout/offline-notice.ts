/**
 * Says so while the device is offline, and registers the service worker that keeps this
 * language's /sos and /emergency, and the pages already visited, readable without a connection.
 */
class OfflineNotice extends HTMLElement {
  connectedCallback() {
    const update = () => (this.hidden = navigator.onLine);
    update();
    addEventListener('online', update);
    addEventListener('offline', update);
    if (!('serviceWorker' in navigator)) return;
    addEventListener('load', () => {
      navigator.serviceWorker
        .register('/sw.js')
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => registration.active?.postMessage({ type: 'keep', urls: JSON.parse(this.dataset.keep ?? '[]') }))
        .catch(() => undefined);
    });
  }
}
customElements.define('offline-notice', OfflineNotice);

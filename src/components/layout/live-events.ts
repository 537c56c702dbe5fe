/**
 * Every page listens to the live room, but only once the page is idle, so the socket and its
 * code never compete with what the person came to see. The code loads then, not before.
 */
class LiveEvents extends HTMLElement {
  #socket?: { close(): void; reconnect(): void };

  connectedCallback() {
    const start = () => {
      void import('../../client/live/room.ts').then(({ connectLive }) => {
        this.#socket = connectLive(JSON.parse(this.dataset.messages ?? '{}'), this, this.dataset.room);
      });
    };
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1000);
    // Closed while the page is away (back/forward cache), open again when it comes back. The
    // event's type is named: with the worker's lib in the program too (pow-worker.ts), a bare
    // global addEventListener would hand it over as a plain Event.
    addEventListener('pagehide', () => this.#socket?.close());
    addEventListener('pageshow', (event: PageTransitionEvent) => {
      if (event.persisted) this.#socket?.reconnect();
    });
  }
}

customElements.define('live-events', LiveEvents);

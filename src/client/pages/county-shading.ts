/** The script of the /map page (src/pages/[...lang]/map.astro), kept here: a .ts file in src/pages would be a route. */
import type { PlaceCounts, PlaceLayer } from '../../common/contract/places.ts';
import { format } from '../../common/i18n/messages.ts';
import { call } from '../api.ts';

/**
 * Shades the prebuilt counties by the chosen layer's counts (one call for all three layers),
 * fills the table, and points each county at that layer's board. No React: the map is drawn
 * already, this only colours it. The table is the map for the keyboard and screen readers, its
 * links the ones a tap on the map follows, busiest counties first.
 */
class CountyMap extends HTMLElement {
  #boards: Record<PlaceLayer, string> = JSON.parse(this.dataset.boards!);
  #labels: Record<PlaceLayer, string> = JSON.parse(this.dataset.labels!);
  #levels: number[] = JSON.parse(this.dataset.levels!);
  #title = this.dataset.title!;
  #number = new Intl.NumberFormat(document.documentElement.lang);
  #rows = [...this.querySelectorAll<HTMLTableRowElement>('tr[data-county]')];
  #counts: PlaceCounts | null = null;
  #layer: PlaceLayer = 'alerts';

  connectedCallback() {
    for (const button of this.querySelectorAll<HTMLButtonElement>('button[data-layer]')) {
      button.addEventListener('click', () => this.#show(button.dataset.layer as PlaceLayer));
    }
    this.querySelector('svg')!.addEventListener('click', (event) => {
      const county = (event.target as Element).closest<SVGPathElement>('[data-county]')?.dataset.county;
      const link = this.#rows.find((row) => row.dataset.county === county)?.querySelector('a');
      if (link) location.assign(link.href);
    });
    this.querySelector('[data-retry]')!.addEventListener('click', () => void this.#load());
    void this.#load();
  }

  #state(state: 'loading' | 'failed' | 'empty' | 'loaded') {
    for (const piece of this.querySelectorAll<HTMLElement>('[data-state]')) piece.hidden = piece.dataset.state !== state;
  }

  async #load() {
    this.#state('loading');
    try {
      this.#counts = await call('GET /api/places/counts', undefined);
    } catch {
      this.#state('failed');
      return;
    }
    const counts = this.#counts;
    for (const cell of this.querySelectorAll<HTMLTableCellElement>('td[data-layer]')) {
      const county = cell.parentElement!.dataset.county!;
      cell.textContent = this.#number.format(counts[cell.dataset.layer as PlaceLayer][county] ?? 0);
    }
    this.#state(Object.values(counts).some((layer) => Object.keys(layer).length) ? 'loaded' : 'empty');
    this.#show(this.#layer);
  }

  #show(layer: PlaceLayer) {
    this.#layer = layer;
    for (const button of this.querySelectorAll<HTMLButtonElement>('button[data-layer]')) button.setAttribute('aria-pressed', String(button.dataset.layer === layer));
    const counts = this.#counts?.[layer] ?? {};
    const count = (county: string) => counts[county] ?? 0;
    for (const row of this.#rows) row.querySelector('a')!.href = `${this.#boards[layer]}#county=${encodeURIComponent(row.dataset.county!)}`;
    for (const path of this.querySelectorAll<SVGPathElement>('path[data-county]')) {
      const county = path.dataset.county!;
      path.dataset.level = String(this.#levels.filter((least) => count(county) >= least).length);
      if (this.#counts) path.querySelector('title')!.textContent = format(this.#title, { county, layer: this.#labels[layer], number: this.#number.format(count(county)) });
    }
    const sorted = this.#rows.toSorted((a, b) => count(b.dataset.county!) - count(a.dataset.county!) || a.dataset.county!.localeCompare(b.dataset.county!, 'en'));
    this.querySelector('tbody')!.append(...sorted);
  }
}
customElements.define('county-map', CountyMap);

/** The script of the /map page (src/pages/[...lang]/map.astro), kept here: a .ts file in src/pages would be a route. */
import type { ReportTally } from '../../common/contract/alerts.ts';
import type { TALLY_COLUMNS } from '../../common/contract/limits.ts';
import type { PlaceCounts, PlaceLayer } from '../../common/contract/places.ts';
import { format } from '../../common/i18n/messages.ts';
import { call } from '../api.ts';
import { h } from '../dom.ts';

type TallyColumn = (typeof TALLY_COLUMNS)[number];

/**
 * Shades the prebuilt counties by the chosen layer's counts (one call for all three layers),
 * fills the table, and points each county at that layer's board. No React: the map is drawn
 * already, this only colours it. The table is the map for the keyboard and screen readers, its
 * links the ones a tap on the map follows, busiest counties first. Below, the rapid response
 * network's numbers of the last weeks, added up per county.
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
    void this.#tallies();
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

  /** The weekly numbers /ice-reports shows, added up per county, most reports first; the section stays hidden if they do not come. */
  async #tallies() {
    const section = this.querySelector<HTMLElement>('[data-tallies]')!;
    let tallies: ReportTally[];
    try {
      tallies = await call('GET /api/alerts/tallies', undefined);
    } catch {
      return;
    }
    const columns = [...section.querySelectorAll<HTMLElement>('th[data-column]')].map((header) => header.dataset.column as TallyColumn);
    const totals = new Map<string, Record<TallyColumn, number>>();
    for (const row of tallies) {
      const sum = totals.get(row.county) ?? { reports: 0, confirmed: 0, verified: 0, falseAlarms: 0 };
      for (const column of columns) sum[column] += row[column];
      totals.set(row.county, sum);
    }
    const rows = [...totals]
      .sort(([a, x], [b, y]) => y.reports - x.reports || a.localeCompare(b, 'en'))
      .map(([county, sum]) => h('tr', {}, h('th', { scope: 'row' }, h('bdi', {}, county)), ...columns.map((column) => h('td', {}, this.#number.format(sum[column])))));
    section.querySelector('tbody')!.replaceChildren(...rows);
    section.querySelector<HTMLElement>('[data-tallies-empty]')!.hidden = rows.length > 0;
    section.querySelector<HTMLElement>('[role=region]')!.hidden = rows.length === 0;
    section.hidden = false;
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
      if (this.#counts)
        (path.querySelector('title') ?? path.appendChild(document.createElementNS(path.namespaceURI, 'title'))).textContent = format(this.#title, {
          county,
          layer: this.#labels[layer],
          number: this.#number.format(count(county)),
        });
    }
    const sorted = this.#rows.toSorted((a, b) => count(b.dataset.county!) - count(a.dataset.county!) || a.dataset.county!.localeCompare(b.dataset.county!, 'en'));
    this.querySelector('tbody')!.append(...sorted);
  }
}
customElements.define('county-map', CountyMap);

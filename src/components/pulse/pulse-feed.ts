import type { PulseItem } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn } from '../../common/i18n/messages.ts';
import { h } from '../../client/dom.ts';
import { createList, type ListState } from '../../client/lists.ts';
import { relativeTime } from '../../common/relative-time.ts';

const KIND_LABELS = {
  missing: 'feed.kindMissing',
  alert: 'feed.kindAlert',
  request: 'feed.kindRequest',
  offer: 'feed.kindOffer',
  job: 'feed.kindJob',
  resource: 'feed.kindResource',
  drop: 'feed.kindDrop',
} as const;

class PulseFeed extends HTMLElement {
  #t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
  #lang = (this.dataset.lang ?? 'en') as Lang;
  #boards: Record<PulseItem['kind'], string> = JSON.parse(this.dataset.boards ?? '{}');
  #list = this.querySelector<HTMLOListElement>('.feed-list')!;
  #status = this.querySelector<HTMLElement>('.feed-status')!;
  #empty = this.querySelector<HTMLElement>('.feed-empty')!;
  #problem = this.querySelector<HTMLElement>('.feed-problem')!;
  /** Every post kind is news here: any live event refreshes the feed. */
  #feed = createList<PulseItem>({ path: `/api/pulse?limit=${Number(this.dataset.limit) || 10}` });
  /** Rows already drawn, by post id, so a refresh keeps them (and the focus in them) in place. */
  #rows = new Map<string, { row: HTMLLIElement; time: HTMLTimeElement }>();
  #stop: (() => void)[] = [];

  connectedCallback() {
    const retry = () => void this.#feed.refresh();
    this.#problem.querySelector('button')!.addEventListener('click', retry);
    this.#stop = [this.#feed.$state.listen((state) => this.#draw(state)), this.#feed.start(), () => this.#problem.querySelector('button')!.removeEventListener('click', retry)];
  }

  disconnectedCallback() {
    for (const stop of this.#stop.splice(0)) stop();
  }

  /** Shows the items, the empty state or the failure; a failure keeps the items already shown. */
  #draw({ items, failed }: ListState<PulseItem>) {
    if (items === null && !failed) return;
    this.removeAttribute('aria-busy');
    this.dataset.loaded = '';
    this.#status.hidden = true;
    this.#problem.hidden = !failed;
    this.#problem.querySelector('span')!.textContent = this.#t(items?.length ? 'feed.stale' : 'common.loadFailed');
    this.#empty.hidden = failed || items === null || items.length > 0;
    this.#list.hidden = !items?.length;
    if (!items) return;
    const now = Date.now();
    const seen = new Set<string>();
    items.forEach((item, index) => {
      seen.add(item.id);
      let drawn = this.#rows.get(item.id);
      if (!drawn) {
        drawn = this.#row(item);
        this.#rows.set(item.id, drawn);
      }
      drawn.time.textContent = relativeTime(item.createdAt, this.#lang, this.#t, now);
      const at = this.#list.children[index];
      if (at !== drawn.row) this.#list.insertBefore(drawn.row, at ?? null);
    });
    for (const [id, { row }] of this.#rows) {
      if (seen.has(id)) continue;
      row.remove();
      this.#rows.delete(id);
    }
  }

  /** One item, built from text nodes only: what people wrote is never read as HTML. */
  #row(item: PulseItem) {
    const row = h('li', { className: item.urgent ? 'feed-item urgent' : 'feed-item' });
    row.dataset.kind = item.kind;
    const link = h('a', { className: 'feed-link' });
    link.href = this.#boards[item.kind];
    const tags = h('span', { className: 'feed-tags' });
    tags.append(h('span', { className: 'badge type', textContent: this.#t(KIND_LABELS[item.kind]) }));
    if (item.urgent) tags.append(h('span', { className: 'badge danger', textContent: this.#t('feed.urgent') }));
    if (item.sample) tags.append(h('span', { className: 'badge plain', textContent: this.#t('common.sample') }));
    const text = h('bdi', { className: 'feed-text', textContent: item.text });
    text.dir = 'auto';
    const meta = h('span', { className: 'feed-meta note' });
    if (item.city) {
      const city = h('bdi', { className: 'feed-city', textContent: item.city });
      city.dir = 'auto';
      meta.append(city, ' · ');
    }
    const time = h('time', { className: 'feed-time' });
    time.dateTime = item.createdAt;
    meta.append(time);
    link.append(tags, text, meta);
    row.append(link);
    return { row, time };
  }
}

customElements.define('pulse-feed', PulseFeed);

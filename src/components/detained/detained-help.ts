import type { Resource } from '../../common/contract/directory.ts';
import { PAGE_SIZE } from '../../common/contract/limits.ts';
import type { AdminResourceCategory, ResourceLanguage } from '../../common/contract/values.ts';
import { messageFn, type MessageKey } from '../../common/i18n/messages.ts';
import { $county, countyPath } from '../../client/area.ts';
import { $birthCountry } from '../../client/detained.ts';
import { h } from '../../client/dom.ts';
import { createList, type List } from '../../client/lists.ts';

/** The directory's finer categories /detained lists, each in its own place on the page. */
const IN_COUNTY: AdminResourceCategory[] = ['Rapid Response', 'Legal Aid', 'Immigration', 'Jail', 'Hospital'];
const LEGAL: AdminResourceCategory[] = ['Legal Aid', 'Immigration'];

/** A tel: address keeps only digits and plus. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * /detained's steps 3 and 4 with scripts on: the rapid response lines and legal services of the
 * chosen county (or all of California), legal services in the chosen language, the county's jails
 * and hospitals, and the consulates of the country of birth typed in the card. Consulates are
 * fetched all at once and matched here, so the country never leaves the phone.
 */
class DetainedHelp extends HTMLElement {
  #t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
  #language = this.querySelector<HTMLSelectElement>('[data-language]')!;
  #lists: { county?: List<Resource>; consulates: List<Resource> } = {
    consulates: createList<Resource>({ path: `/api/resources?${new URLSearchParams({ kind: 'Consulate', limit: String(PAGE_SIZE.max) })}`, live: 'new-resource' }),
  };
  #stops: (() => void)[] = [];
  #countyStops: (() => void)[] = [];

  connectedCallback() {
    for (const part of this.querySelectorAll<HTMLElement>('[data-with-script]')) part.hidden = false;
    const draw = () => this.#draw();
    this.#language.addEventListener('change', draw);
    this.#follow($county.get());
    this.#stops = [
      $county.listen((county) => this.#follow(county)),
      $birthCountry.listen(draw),
      this.#lists.consulates.$state.listen(draw),
      this.#lists.consulates.start(),
      () => this.#language.removeEventListener('change', draw),
      () => this.#countyStops.splice(0).forEach((stop) => stop()),
    ];
    this.#draw();
  }

  disconnectedCallback() {
    for (const stop of this.#stops.splice(0)) stop();
  }

  #follow(county: string | null) {
    for (const stop of this.#countyStops.splice(0)) stop();
    const list = createList<Resource>({
      path: countyPath(`/api/resources?${new URLSearchParams({ kind: IN_COUNTY.join(','), limit: String(PAGE_SIZE.max) })}`, county),
      live: 'new-resource',
    });
    this.#lists.county = list;
    this.#countyStops = [list.$state.listen(() => this.#draw()), list.start()];
    this.#draw();
  }

  #draw() {
    const { items, failed } = this.#lists.county!.$state.get();
    const language = this.#language.value as ResourceLanguage | '';
    const of = (kinds: AdminResourceCategory[]) => items?.filter((item) => kinds.includes(item.kind)) ?? null;
    this.#fill('rapid', of(['Rapid Response']), failed, 'detained.rapidNone');
    this.#fill('legal', of(LEGAL)?.filter((item) => !language || item.languages.includes(language)) ?? null, failed, 'detained.legalNone');
    this.#fill('jails', of(['Jail']), failed, 'detained.none');
    this.#fill('hospitals', of(['Hospital']), failed, 'detained.none');
    const country = $birthCountry.get();
    const consulates = this.#lists.consulates.$state.get();
    if (!country) this.#fill('consulates', [], false, 'detained.consulatesChoose');
    else this.#fill('consulates', consulates.items?.filter((item) => item.country === country) ?? null, consulates.failed, 'detained.consulatesNone');
  }

  /** One group's cards, or why there are none: loading, failed, or none listed. */
  #fill(group: string, items: Resource[] | null, failed: boolean, none: MessageKey) {
    const list = this.querySelector<HTMLUListElement>(`[data-list="${group}"]`)!;
    const status = this.querySelector<HTMLElement>(`[data-status="${group}"]`)!;
    status.textContent = items === null ? this.#t(failed ? 'detained.failed' : 'detained.loading') : items.length ? '' : this.#t(none);
    status.hidden = !status.textContent;
    list.replaceChildren(...(items ?? []).map((item) => this.#card(item)));
    list.hidden = !items?.length;
  }

  #card(item: Resource): HTMLLIElement {
    const place = [item.address, item.city].filter(Boolean).join(', ');
    return h(
      'li',
      { className: 'card detained-place' },
      h('h4', { attrs: { dir: 'auto' } }, item.name, item.verified && ' ', item.verified && h('span', { className: 'badge ok' }, this.#t('detained.verified'))),
      item.notes && h('p', { attrs: { dir: 'auto' } }, item.notes),
      place && h('p', { className: 'note', attrs: { dir: 'auto' } }, place),
      h(
        'div',
        { className: 'detained-actions' },
        item.phone && h('a', { className: 'button', href: telHref(item.phone) }, `${this.#t('detained.call')} `, h('bdi', { attrs: { dir: 'ltr' } }, item.phone)),
        item.link && h('a', { className: 'button secondary', href: item.link, target: '_blank', rel: 'noopener noreferrer' }, this.#t('detained.website')),
      ),
    );
  }
}

customElements.define('detained-help', DetainedHelp);

import { openAt, sortedPeriods } from '../../common/contract/hours.ts';
import type { Resource } from '../../common/contract/directory.ts';
import { RESOURCE_CATEGORIES, type ResourceCategory } from '../../common/contract/limits.ts';
import { directoryNames } from '../../common/i18n/directory-names.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import { BoardElement } from '../../client/board-element.ts';
import { h, icon, PIN } from '../../client/dom.ts';
import { countyPath } from '../../client/area.ts';
import { createList } from '../../client/lists.ts';

type Filter = ResourceCategory | 'All';
const categoryKey = (category: ResourceCategory): MessageKey => `category.${category}`;
const isCategory = (value: string | null): value is ResourceCategory => RESOURCE_CATEGORIES.includes(value as ResourceCategory);

/** A tel: address keeps only digits and plus, so "(559) 555-0110" dials as 5595550110. */
const telHref = (phone: string) => {
  const dialable = phone.replace(/[^\d+]/g, '');
  return dialable ? `tel:${dialable}` : null;
};

/** A maps search on the name plus the address, opened in a new tab (spec section 2). */
const directionsHref = (name: string, address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name} ${address}`)}`;

const STAR = '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" fill="currentColor" stroke="none"/>';
const PHONE = '<path d="M5 3.5h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.8 6.8l1.4-2.2 4.3 1.7V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5 1.5 1.5 0 0 1 5 3.5z"/>';
const CLOCK = '<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>';
const CITY = '<path d="M3 21h18M5 21V10l5-3v14M10 21V4l9 4v13"/>';

class ResourceDirectory extends BoardElement<Resource> {
  protected listAt(county: string | null) {
    return createList<Resource>({ path: countyPath('/api/resources', county), live: 'new-resource' });
  }
  #icons: Record<ResourceCategory, string> = JSON.parse(this.dataset.icons ?? '{}');
  #chips = [...this.querySelectorAll<HTMLButtonElement>('.resources-chip')];
  #filter: Filter = 'All';
  /** The detail filters, named as GET /api/resources names them, and their inputs. */
  #details = [...this.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-filter]')];
  #locale = this.dataset.locale ?? 'en';
  // Languages and days named as the server named them: a phone's Intl may lack some.
  #names = directoryNames(JSON.parse(this.dataset.words!));
  #days = new Intl.DateTimeFormat(this.#locale, { dateStyle: 'long', timeZone: 'UTC' });
  #list = new Intl.ListFormat(this.#locale, { type: 'conjunction' });

  /** Each detail filter's chosen value, or none. */
  #asked() {
    return Object.fromEntries(
      this.#details.flatMap((input) => {
        const value = input instanceof HTMLInputElement ? (input.checked ? input.value : '') : input.value;
        return value ? [[input.dataset.filter!, value]] : [];
      }),
    ) as Partial<Record<'openNow' | 'language' | 'cost' | 'notRequired', string>>;
  }

  protected begin() {
    // The filter a shared link asked for (?category=Legal), else All.
    const asked = new URLSearchParams(location.search).get('category');
    this.#choose(isCategory(asked) ? asked : 'All', false);
    const onClick = (event: Event) => this.#choose((event.currentTarget as HTMLButtonElement).dataset.category as Filter, true);
    for (const chip of this.#chips) chip.addEventListener('click', onClick);
    // The detail filters a shared link asked for, as the API's parameters (?openNow=1&language=es).
    const params = new URLSearchParams(location.search);
    for (const input of this.#details) {
      const asked = params.get(input.dataset.filter!);
      if (input instanceof HTMLInputElement) input.checked = asked !== null && asked === input.value;
      else if ([...input.options].some((option) => option.value === asked)) input.value = asked!;
    }
    const onChange = () => {
      this.screens = 1;
      this.draw();
      const url = new URL(location.href);
      for (const input of this.#details) url.searchParams.delete(input.dataset.filter!);
      for (const [name, value] of Object.entries(this.#asked())) url.searchParams.set(name, value);
      history.replaceState(history.state, '', url);
    };
    this.addEventListener('change', onChange);
    return [() => this.#chips.forEach((chip) => chip.removeEventListener('click', onClick)), () => this.removeEventListener('change', onChange)];
  }

  #choose(filter: Filter, fromTap: boolean) {
    this.#filter = filter;
    for (const chip of this.#chips) chip.setAttribute('aria-pressed', String(chip.dataset.category === filter));
    for (const note of this.querySelectorAll<HTMLElement>('[data-includes]')) note.hidden = note.dataset.includes !== filter;
    // Each category starts again at its first screen.
    this.screens = 1;
    this.draw();
    if (!fromTap) return;
    // The address follows the filter, so a shared or reloaded link shows the same category.
    const url = new URL(location.href);
    if (filter === 'All') url.searchParams.delete('category');
    else url.searchParams.set('category', filter);
    history.replaceState(history.state, '', url);
  }

  protected shownItems(items: Resource[] | null) {
    const asked = this.#asked();
    const now = Date.now();
    this.piece('empty').textContent = Object.keys(asked).length
      ? this.t('resources.emptyFiltered')
      : this.#filter === 'All'
        ? this.t('resources.emptyAll')
        : this.t('resources.emptyCategory', { category: this.t(categoryKey(this.#filter)) });
    return (
      items?.filter(
        (resource) =>
          (this.#filter === 'All' || resource.category === this.#filter) &&
          (!asked.openNow || openAt(resource.schedule, now) === true) &&
          (!asked.language || resource.languages.includes(asked.language as never)) &&
          (!asked.cost || resource.cost === asked.cost) &&
          (!asked.notRequired || resource.notRequired.includes(asked.notRequired as never)),
      ) ?? null
    );
  }

  /** Open or closed changes with the clock, not with the resource: each redraw looks again. */
  protected cardState(resource: Resource) {
    return openAt(resource.schedule, Date.now());
  }

  protected card(resource: Resource) {
    const t = this.t;
    const titleId = `resource-${resource.id}`;
    const open = openAt(resource.schedule, Date.now());
    const hours = sortedPeriods(resource.schedule)
      .map((period) => `${this.#names.shortDay(period.day)} ${period.opens}–${period.closes}`)
      .join(', ');
    const call = resource.phone ? telHref(resource.phone) : null;
    const newTab = { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': titleId };
    const svg = (inner: string) => {
      const node = icon(inner);
      node.classList.add('resource-icon');
      return node;
    };
    const fact = (inner: string, field: string, value: string | null | undefined, label?: string) =>
      value &&
      h(
        'li',
        {},
        svg(inner),
        label && h('span', { className: 'sr-only', textContent: `${label}: ` }),
        h(field === 'phone' ? 'span' : 'bdi', { dir: field === 'phone' ? 'ltr' : '', textContent: value, attrs: { 'data-field': field } }),
      );
    return h(
      'li',
      { className: 'card resource-card', attrs: { 'data-category': resource.category } },
      h(
        'div',
        { className: 'resource-badges' },
        h('span', { className: 'badge type resource-category' }, svg(this.#icons[resource.category]), t(categoryKey(resource.category))),
        resource.verified &&
          h(
            'span',
            { className: 'resource-verified', title: t('resources.verified'), attrs: { 'data-verified': '' } },
            svg(STAR),
            h('span', { className: 'sr-only', textContent: t('resources.verified') }),
          ),
        resource.sample && h('span', { className: 'badge', title: t('common.sampleNote'), textContent: t('common.sample') }),
        open !== null &&
          h('span', { className: `badge ${open ? 'ok' : ''}`, textContent: t(open ? 'resources.openNow' : 'resources.closedNow'), attrs: { 'data-open': String(open) } }),
        resource.cost && h('span', { className: 'badge', textContent: t(`directory.cost.${resource.cost}`), attrs: { 'data-cost': resource.cost } }),
        ...resource.notRequired.map((what) => h('span', { className: 'badge', textContent: t(`directory.no.${what}`), attrs: { 'data-not-required': what } })),
      ),
      h('h3', { id: titleId }, h('bdi', { textContent: resource.name })),
      h('p', { className: 'resource-notes', dir: 'auto', textContent: resource.notes || t('resources.defaultNotes') }),
      h(
        'ul',
        { className: 'resource-facts' },
        fact(PIN, 'address', resource.address),
        fact(PHONE, 'phone', resource.phone),
        fact(CLOCK, 'hours', hours || resource.hours, t('resources.hours')),
        fact(CITY, 'city', resource.city),
      ),
      resource.languages.length > 0 &&
        h(
          'p',
          { attrs: { 'data-field': 'languages' } },
          h('strong', { textContent: `${t('directory.languages')}: ` }),
          this.#list.format(resource.languages.map(this.#names.language)),
        ),
      ...(['whatToBring', 'eligibility'] as const).map(
        (field) =>
          resource[field] &&
          h('p', {}, h('strong', { textContent: `${t(`directory.${field}`)}: ` }), h('bdi', { textContent: resource[field], dir: 'auto', attrs: { 'data-field': field } })),
      ),
      resource.verifiedOn &&
        h('p', {
          className: 'note',
          textContent: t('resources.verifiedOn', { date: this.#days.format(Date.parse(`${resource.verifiedOn}T00:00:00Z`)) }),
          attrs: { 'data-field': 'verifiedOn' },
        }),
      (call || resource.link || resource.address) &&
        h(
          'div',
          { className: 'resource-actions' },
          call && h('a', { className: 'button small', href: call, attrs: { 'aria-describedby': titleId, 'data-action': 'call' } }, t('resources.call')),
          resource.link && h('a', { className: 'button small secondary', href: resource.link, attrs: { ...newTab, 'data-action': 'visit' } }, t('resources.visit')),
          resource.address &&
            h(
              'a',
              { className: 'button small secondary', href: directionsHref(resource.name, resource.address), attrs: { ...newTab, 'data-action': 'directions' } },
              t('resources.directions'),
            ),
        ),
    );
  }
}

customElements.define('resource-directory', ResourceDirectory);

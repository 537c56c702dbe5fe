import { useState, type MouseEvent } from 'react';
import { openAt, sortedPeriods } from '../../common/contract/hours.ts';
import type { Resource } from '../../common/contract/directory.ts';
import { RESOURCE_CATEGORIES, RESOURCE_LANGUAGES, type ResourceCategory } from '../../common/contract/limits.ts';
import { directoryNames, type DirectoryWords } from '../../common/i18n/directory-names.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import type { BoardStart } from '../../client/lists.ts';
import { Icon as LineIcon, PIN } from '../shared/Icon.tsx';
import { ListStates } from '../shared/ListStates.tsx';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';

type T = ReturnType<typeof messageFn>;
export type Filter = ResourceCategory | 'All';
/** The detail filters, named as GET /api/resources names them, with the value each asks for. */
const DETAILS = { openNow: '1', cost: 'free', notRequired: 'id' } as const;
export type Asked = Partial<Record<keyof typeof DETAILS | 'language', string>>;

export const LIST_PATH = '/api/resources';

/** The filters an address asks for (`?category=Legal&openNow=1&language=es`), as links and the filter form write them. */
export function askedIn(query: URLSearchParams): { category: Filter; asked: Asked } {
  const named = query.get('category');
  const category = RESOURCE_CATEGORIES.includes(named as ResourceCategory) ? (named as ResourceCategory) : 'All';
  const asked: Asked = {};
  for (const [name, value] of Object.entries(DETAILS)) if (query.get(name) === value) asked[name as keyof typeof DETAILS] = value;
  const language = query.get('language');
  if (RESOURCE_LANGUAGES.includes(language as never)) asked.language = language!;
  return { category, asked };
}

/** Each category's line icon (24 units), hidden from screen readers: the text beside it says the same. */
const CATEGORY_ICONS: Record<ResourceCategory, string> = {
  // A bowl with steam.
  Food: '<path d="M3 12h18a9 9 0 0 1-18 0z"/><path d="M9 8c0-1.5 1-1.5 1-3M14 8c0-1.5 1-1.5 1-3"/>',
  // A house.
  Shelter: '<path d="M3 11l9-7 9 7"/><path d="M5 10v10h14V10M10 20v-6h4v6"/>',
  // Scales.
  Legal: '<path d="M12 3v18M7 21h10M5 7h14"/><path d="M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z"/>',
  // A medical cross.
  Medical: '<path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z"/>',
  // A briefcase.
  Employment: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18"/>',
  // An open book.
  Education: '<path d="M12 6c-2-1.5-5-2-9-2v14c4 0 7 .5 9 2 2-1.5 5-2 9-2V4c-4 0-7 .5-9 2z"/><path d="M12 6v14"/>',
};
const STAR = '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" fill="currentColor" stroke="none"/>';
const PHONE = '<path d="M5 3.5h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.8 6.8l1.4-2.2 4.3 1.7V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5 1.5 1.5 0 0 1 5 3.5z"/>';
const CLOCK = '<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>';
const CITY = '<path d="M3 21h18M5 21V10l5-3v14M10 21V4l9 4v13"/>';

/** A directory icon: the line icon, styled as the directory's (`resource-icon`). */
const Icon = ({ inner }: { inner: string }) => <LineIcon inner={inner} className="resource-icon" />;

/** A tel: address keeps only digits and plus, so "(559) 555-0110" dials as 5595550110. */
const telHref = (phone: string) => {
  const dialable = phone.replace(/[^\d+]/g, '');
  return dialable ? `tel:${dialable}` : null;
};

/** A maps search on the name plus the address, opened in a new tab (spec section 2). */
const directionsHref = (name: string, address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name} ${address}`)}`;

interface Props {
  lang: Lang;
  messages: Messages;
  first: BoardStart<Resource> | null;
  /** The filters the page's address asked for (askedIn). */
  category: Filter;
  asked: Asked;
  /** Languages and days named as the server named them (a phone's Intl may lack some), and its locale. */
  words: DirectoryWords;
  locale: string;
  /** What each chip gathering several of the moderators' finer categories holds, in the page's language. */
  included: Partial<Record<ResourceCategory, string>>;
}

/**
 * The resource directory: category chips and detail filters over the published resources (in the
 * page's county), and a grid of cards. The whole list comes with the page (it is small) and is
 * filtered here, so switching is instant on a slow connection; without scripts the chips and the
 * filters are a GET form of the page's own address, which the server draws filtered the same way.
 */
export default function ResourcesBoard({ lang, messages, first, category: firstCategory, asked: firstAsked, words, locale, included }: Props) {
  const t = messageFn(messages, lang);
  const county = useBoardCounty(first);
  const list = useLiveList<Resource>(countyPath(LIST_PATH, county), 'new-resource', { first });
  const [category, setCategory] = useState<Filter>(firstCategory);
  const [asked, setAsked] = useState<Asked>(firstAsked);
  const now = Date.now();
  const shown =
    list.items?.filter(
      (resource) =>
        (category === 'All' || resource.category === category) &&
        (!asked.openNow || openAt(resource.schedule, now) === true) &&
        (!asked.language || resource.languages.includes(asked.language as never)) &&
        (!asked.cost || resource.cost === asked.cost) &&
        (!asked.notRequired || resource.notRequired.includes(asked.notRequired as never)),
    ) ?? null;

  /** The address follows the filters, so a shared or reloaded link shows the same. */
  const follow = (nextCategory: Filter, nextAsked: Asked) => {
    const url = new URL(location.href);
    for (const name of ['category', ...Object.keys(DETAILS), 'language']) url.searchParams.delete(name);
    if (nextCategory !== 'All') url.searchParams.set('category', nextCategory);
    for (const [name, value] of Object.entries(nextAsked)) if (value) url.searchParams.set(name, value);
    history.replaceState(history.state, '', url);
  };
  const choose = (event: MouseEvent<HTMLButtonElement>, chosen: Filter) => {
    event.preventDefault();
    setCategory(chosen);
    follow(chosen, asked);
  };
  const ask = (name: keyof Asked, value: string) => {
    const next = { ...asked, [name]: value || undefined };
    setAsked(next);
    follow(category, next);
  };
  const names = directoryNames(words);
  const empty = Object.values(asked).some(Boolean)
    ? t('resources.emptyFiltered')
    : category === 'All'
      ? t('resources.emptyAll')
      : t('resources.emptyCategory', { category: t(`category.${category}`) });

  return (
    <form className="resources" method="get" action={localizePath('/resources', lang)} onSubmit={(event) => event.preventDefault()}>
      {county && <input type="hidden" name="county" value={county} />}
      <div className="resources-filter" role="group" aria-labelledby="resources-filter-label">
        <span id="resources-filter-label" className="resources-filter-label">
          {t('resources.filterLabel')}
        </span>
        {(['All', ...RESOURCE_CATEGORIES] as Filter[]).map((each) => (
          <button
            key={each}
            type="submit"
            name={each === 'All' ? undefined : 'category'}
            value={each === 'All' ? undefined : each}
            className="resources-chip"
            aria-pressed={category === each}
            data-category={each}
            aria-describedby={each !== 'All' && included[each] ? `resources-includes-${each}` : undefined}
            onClick={(event) => choose(event, each)}
          >
            {each !== 'All' && <Icon inner={CATEGORY_ICONS[each]} />}
            {each === 'All' ? t('resources.all') : t(`category.${each}`)}
          </button>
        ))}
      </div>
      {Object.entries(included).map(([each, text]) => (
        <p key={each} id={`resources-includes-${each}`} className="note resources-includes" hidden={each !== category}>
          {text}
        </p>
      ))}
      <fieldset className="resources-filter resources-details">
        <legend className="resources-filter-label">{t('resources.only')}</legend>
        {(
          [
            ['openNow', 'resources.openNow'],
            ['cost', 'directory.cost.free'],
            ['notRequired', 'directory.no.id'],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="resources-toggle">
            <input
              type="checkbox"
              name={name}
              data-filter={name}
              value={DETAILS[name]}
              checked={asked[name] === DETAILS[name]}
              onChange={(event) => ask(name, event.target.checked ? DETAILS[name] : '')}
            />
            {t(label)}
          </label>
        ))}
        <label className="resources-language">
          <span className="sr-only">{t('directory.languages')}</span>
          <select name="language" data-filter="language" value={asked.language ?? ''} onChange={(event) => ask('language', event.target.value)}>
            <option value="">{t('resources.anyLanguage')}</option>
            {RESOURCE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {names.language(code)}
              </option>
            ))}
          </select>
        </label>
        {/* Without scripts the filters take effect when sent; with them, at once. */}
        <noscript>
          <button className="button secondary small" type="submit" name="category" value={category === 'All' ? '' : category}>
            {t('resources.apply')}
          </button>
        </noscript>
      </fieldset>
      <section className="resources-list" aria-busy={list.loading}>
        <ListStates list={list} t={t} items={shown} empty={empty} firstShown={first?.shown} board={{ path: localizePath('/resources', lang), county }}>
          {(resources) => (
            <ul className="resources-grid">
              {resources.map((resource) => (
                <ResourceCard key={resource.id} resource={resource} t={t} names={names} locale={locale} now={now} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>
    </form>
  );
}

/** One resource: its category and badges, name, notes, where and when, languages, and Call, Visit and Directions. */
function ResourceCard({ resource, t, names, locale, now }: { resource: Resource; t: T; names: ReturnType<typeof directoryNames>; locale: string; now: number }) {
  const titleId = `resource-${resource.id}`;
  const open = openAt(resource.schedule, now);
  const hours = sortedPeriods(resource.schedule)
    .map((period) => `${names.shortDay(period.day)} ${period.opens}–${period.closes}`)
    .join(', ');
  const call = resource.phone ? telHref(resource.phone) : null;
  const newTab = { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': titleId };
  const fact = (inner: string, field: string, value: string | null | undefined, label?: string) =>
    value && (
      <li>
        <Icon inner={inner} />
        {label && <span className="sr-only">{`${label}: `}</span>}
        {field === 'phone' ? (
          <span dir="ltr" data-field={field}>
            {value}
          </span>
        ) : (
          <bdi data-field={field}>{value}</bdi>
        )}
      </li>
    );
  return (
    <li className="card resource-card" data-category={resource.category}>
      <div className="resource-badges">
        <span className="badge type resource-category">
          <Icon inner={CATEGORY_ICONS[resource.category]} />
          {t(`category.${resource.category}` as MessageKey)}
        </span>
        {resource.verified && (
          <span className="resource-verified" title={t('resources.verified')} data-verified="">
            <Icon inner={STAR} />
            <span className="sr-only">{t('resources.verified')}</span>
          </span>
        )}
        {resource.sample && (
          <span className="badge" title={t('common.sampleNote')}>
            {t('common.sample')}
          </span>
        )}
        {open !== null && (
          // Open or closed may have changed between the server's drawing and the phone's waking.
          <span className={`badge ${open ? 'ok' : ''}`} data-open={String(open)} suppressHydrationWarning>
            {t(open ? 'resources.openNow' : 'resources.closedNow')}
          </span>
        )}
        {resource.cost && (
          <span className="badge" data-cost={resource.cost}>
            {t(`directory.cost.${resource.cost}`)}
          </span>
        )}
        {resource.notRequired.map((what) => (
          <span key={what} className="badge" data-not-required={what}>
            {t(`directory.no.${what}`)}
          </span>
        ))}
      </div>
      <h3 id={titleId}>
        <bdi>{resource.name}</bdi>
      </h3>
      <p className="resource-notes" dir="auto">
        {resource.notes || t('resources.defaultNotes')}
      </p>
      <ul className="resource-facts">
        {fact(PIN, 'address', resource.address)}
        {fact(PHONE, 'phone', resource.phone)}
        {fact(CLOCK, 'hours', hours || resource.hours, t('resources.hours'))}
        {fact(CITY, 'city', resource.city)}
      </ul>
      {resource.languages.length > 0 && (
        <p data-field="languages">
          <strong>{`${t('directory.languages')}: `}</strong>
          {new Intl.ListFormat(locale, { type: 'conjunction' }).format(resource.languages.map(names.language))}
        </p>
      )}
      {(['whatToBring', 'eligibility'] as const).map(
        (field) =>
          resource[field] && (
            <p key={field}>
              <strong>{`${t(`directory.${field}`)}: `}</strong>
              <bdi dir="auto" data-field={field}>
                {resource[field]}
              </bdi>
            </p>
          ),
      )}
      {resource.verifiedOn && (
        <p className="note" data-field="verifiedOn">
          {t('resources.verifiedOn', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${resource.verifiedOn}T00:00:00Z`)) })}
        </p>
      )}
      {(call || resource.link || resource.address) && (
        <div className="resource-actions">
          {call && (
            <a className="button small" href={call} aria-describedby={titleId} data-action="call">
              {t('resources.call')}
            </a>
          )}
          {resource.link && (
            <a className="button small secondary" href={resource.link} {...newTab} data-action="visit">
              {t('resources.visit')}
            </a>
          )}
          {resource.address && (
            <a className="button small secondary" href={directionsHref(resource.name, resource.address)} {...newTab} data-action="directions">
              {t('resources.directions')}
            </a>
          )}
        </div>
      )}
    </li>
  );
}

import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Resource } from '../contract/index.ts';
import { ADMIN_RESOURCE_CATEGORIES, PUBLIC_CATEGORY_OF, RESOURCE_CATEGORIES, type ResourceCategory } from '../contract/limits.ts';
import { messageFn, type MessageKey, type Messages } from '../i18n/messages.ts';
import { adminCategoryKey } from '../i18n/values.ts';
import { listUrl } from '../lib/lists.ts';
import { useLiveList } from '../lib/use-list.ts';
import { ListStates } from './ListStates.tsx';

type T = ReturnType<typeof messageFn>;
type Filter = ResourceCategory | 'All';

const categoryKey = (category: ResourceCategory): MessageKey => `category.${category}`;

/** A tel: address keeps only digits and plus, so "(559) 555-0110" dials as 5595550110. */
const telHref = (phone: string) => {
  const dialable = phone.replace(/[^\d+]/g, '');
  return dialable ? `tel:${dialable}` : null;
};

/** A maps search on the name plus the address, opened in a new tab (spec section 2). */
const directionsHref = (name: string, address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name} ${address}`)}`;

/**
 * The moderators' finer categories each public one lists (the contract's one taxonomy), for the
 * chips that gather more than one: Medical has Healthcare and Mental Health.
 */
const INCLUDED = Object.fromEntries(
  RESOURCE_CATEGORIES.map((category) => [category, ADMIN_RESOURCE_CATEGORIES.filter((admin) => PUBLIC_CATEGORY_OF[admin] === category)]),
) as Record<ResourceCategory, (typeof ADMIN_RESOURCE_CATEGORIES)[number][]>;

const isCategory = (value: string | null): value is ResourceCategory => RESOURCE_CATEGORIES.includes(value as ResourceCategory);

/** The filter a shared link asked for (?category=Legal), else All. */
function filterFromAddress(): Filter {
  const asked = new URLSearchParams(location.search).get('category');
  return isCategory(asked) ? asked : 'All';
}

const LIST_PATH = '/api/resources';
/** The board's first request, asked for with the page (Page's `preload`). */
export const FIRST_PAGE = listUrl(LIST_PATH);

/**
 * The resource directory: a category filter over the published resources and a grid of cards.
 * The whole list is fetched once (it is small) and filtered here, so switching is instant even
 * on a slow connection; it refetches every 30 s like every list.
 */
export default function ResourceDirectory({ messages }: { messages: Messages }) {
  const t = messageFn(messages);
  const list = useLiveList<Resource>(LIST_PATH, 'new-resource');
  const [filter, setFilter] = useState<Filter>('All');
  const id = useId();

  useEffect(() => setFilter(filterFromAddress()), []);

  function choose(next: Filter) {
    setFilter(next);
    // The address follows the filter, so a shared or reloaded link shows the same category.
    const url = new URL(location.href);
    if (next === 'All') url.searchParams.delete('category');
    else url.searchParams.set('category', next);
    history.replaceState(history.state, '', url);
  }

  const shown = list.items?.filter((resource) => filter === 'All' || resource.category === filter) ?? null;

  return (
    <div className="resources">
      <div className="resources-filter" role="group" aria-labelledby={`${id}-filter`}>
        <span id={`${id}-filter`} className="resources-filter-label">
          {t('resources.filterLabel')}
        </span>
        {(['All', ...RESOURCE_CATEGORIES] as const).map((option) => (
          <button key={option} type="button" className="resources-chip" aria-pressed={filter === option} data-category={option} onClick={() => choose(option)}>
            {option !== 'All' && <CategoryIcon category={option} />}
            {option === 'All' ? t('resources.all') : t(categoryKey(option))}
          </button>
        ))}
      </div>
      <p className="note resources-includes" aria-live="polite">
        {filter !== 'All' &&
          INCLUDED[filter].length > 1 &&
          t('resources.includes', { category: t(categoryKey(filter)), kinds: INCLUDED[filter].map((admin) => t(adminCategoryKey(admin))).join(', ') })}
      </p>

      <section className="resources-list" aria-busy={list.loading}>
        {/* Keyed by the filter: each category starts again at its first screen. */}
        <ListStates
          key={filter}
          list={list}
          items={shown}
          t={t}
          empty={filter === 'All' ? t('resources.emptyAll') : t('resources.emptyCategory', { category: t(categoryKey(filter)) })}
        >
          {(resources) => (
            <ul className="resources-grid">
              {resources.map((resource) => (
                <ResourceCard key={resource.id} resource={resource} t={t} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>
    </div>
  );
}

function ResourceCard({ resource, t }: { resource: Resource; t: T }) {
  const titleId = useId();
  const call = resource.phone ? telHref(resource.phone) : null;
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <li className="card resource-card" data-category={resource.category}>
      <div className="resource-badges">
        <span className="badge type resource-category">
          <CategoryIcon category={resource.category} />
          {t(categoryKey(resource.category))}
        </span>
        {resource.verified && (
          <span className="resource-verified" title={t('resources.verified')} data-verified>
            <Icon>
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" fill="currentColor" stroke="none" />
            </Icon>
            <span className="sr-only">{t('resources.verified')}</span>
          </span>
        )}
        {resource.sample && (
          <span className="badge" title={t('common.sampleNote')}>
            {t('common.sample')}
          </span>
        )}
      </div>
      <h3 id={titleId}>
        <bdi>{resource.name}</bdi>
      </h3>
      <p className="resource-notes" dir="auto">
        {resource.notes || t('resources.defaultNotes')}
      </p>
      <ul className="resource-facts">
        {resource.address && (
          <li>
            <Icon>
              <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </Icon>
            <bdi data-field="address">{resource.address}</bdi>
          </li>
        )}
        {resource.phone && (
          <li>
            <Icon>
              <path d="M5 3.5h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.8 6.8l1.4-2.2 4.3 1.7V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5 1.5 1.5 0 0 1 5 3.5z" />
            </Icon>
            <span dir="ltr" data-field="phone">
              {resource.phone}
            </span>
          </li>
        )}
        {resource.hours && (
          <li>
            <Icon>
              <circle cx="12" cy="12" r="8.5" />
              <path d="M12 7.5V12l3 2" />
            </Icon>
            <span className="sr-only">{t('resources.hours')}: </span>
            <bdi data-field="hours">{resource.hours}</bdi>
          </li>
        )}
        {resource.city && (
          <li>
            <Icon>
              <path d="M3 21h18M5 21V10l5-3v14M10 21V4l9 4v13" />
            </Icon>
            <bdi data-field="city">{resource.city}</bdi>
          </li>
        )}
      </ul>
      {(call || resource.link || resource.address) && (
        <div className="resource-actions">
          {call && (
            <a className="button small" href={call} aria-describedby={titleId} data-action="call">
              {t('resources.call')}
            </a>
          )}
          {resource.link && (
            <a className="button small secondary" href={resource.link} {...newTab} aria-describedby={titleId} data-action="visit">
              {t('resources.visit')}
            </a>
          )}
          {resource.address && (
            <a className="button small secondary" href={directionsHref(resource.name, resource.address)} {...newTab} aria-describedby={titleId} data-action="directions">
              {t('resources.directions')}
            </a>
          )}
        </div>
      )}
    </li>
  );
}

/** A 24-unit line icon, hidden from screen readers (the text beside it says the same). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="resource-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const CATEGORY_ICONS: Record<ResourceCategory, ReactNode> = {
  // A bowl with steam.
  Food: (
    <>
      <path d="M3 12h18a9 9 0 0 1-18 0z" />
      <path d="M9 8c0-1.5 1-1.5 1-3M14 8c0-1.5 1-1.5 1-3" />
    </>
  ),
  // A house.
  Shelter: (
    <>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h14V10M10 20v-6h4v6" />
    </>
  ),
  // Scales.
  Legal: (
    <>
      <path d="M12 3v18M7 21h10M5 7h14" />
      <path d="M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z" />
    </>
  ),
  // A medical cross.
  Medical: <path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" />,
  // A briefcase.
  Employment: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" />
    </>
  ),
  // An open book.
  Education: (
    <>
      <path d="M12 6c-2-1.5-5-2-9-2v14c4 0 7 .5 9 2 2-1.5 5-2 9-2V4c-4 0-7 .5-9 2z" />
      <path d="M12 6v14" />
    </>
  ),
};

function CategoryIcon({ category }: { category: ResourceCategory }) {
  return <Icon>{CATEGORY_ICONS[category]}</Icon>;
}

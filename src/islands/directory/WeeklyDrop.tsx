import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Drop } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { countyPath } from '../../client/area.ts';
import { call } from '../../client/api.ts';
import { VOLUNTEER_FORM } from '../../common/forms/posts.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import { formatDate } from '../../common/format.ts';
import type { BoardStart } from '../../client/lists.ts';
import { useBoardCounty, useLiveList } from '../shared/use-list.ts';
import { ListStates } from '../shared/ListStates.tsx';

type T = ReturnType<typeof messageFn>;

/** A maps search (opened in a new tab) on the meeting place. */
const directionsHref = (query: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

/** A drop's own iCalendar file: a plain link, which a phone hands to its calendar to add. */
const calendarHref = (drop: Drop) => `/api/drops/${encodeURIComponent(drop.id)}/calendar.ics`;

export const LIST_PATH = '/api/drops';
/**
 * Drops per request, the next first; later ones come with "Show more", which asks for more of the
 * soonest (the API pages drops by how many, not by a date before).
 */
export const PAGE = 12;

/**
 * Every upcoming food and supply drop from the server, the next one first (or, when none is
 * scheduled, that news and the spec's fixed fallback marked as a sample), each with directions
 * and, for a real drop, a small volunteer sign-up; drawn by the server from `first`.
 */
export default function WeeklyDrop({ lang, messages, first }: { lang: Lang; messages: Messages; first: BoardStart<Drop> | null }) {
  const t = messageFn(messages, lang);
  const list = useLiveList<Drop>(countyPath(LIST_PATH, useBoardCounty(first)), 'new-drop', { page: PAGE, ranked: true, first });
  const [next, ...later] = list.items ?? [];
  const id = useId();
  const details = (drop: Drop) => (
    <DropDetails
      drop={drop}
      lang={lang}
      t={t}
      onCount={(volunteers) => list.setItems((drops) => drops?.map((shown) => (shown.id === drop.id ? { ...shown, volunteers } : shown)) ?? null)}
      onGone={() => void list.reload()}
    />
  );

  return (
    <div className="drops-main">
      <section className="card drops-next" aria-labelledby={`${id}-title`} aria-busy={list.loading}>
        <h2 id={`${id}-title`}>
          {t('drops.next')} {next?.sample && <SampleBadge t={t} />}
        </h2>
        <ListStates list={list} t={t} inCard empty={<Fallback t={t} />}>
          {([soonest]) => details(soonest!)}
        </ListStates>
      </section>
      {later.length > 0 && (
        <section className="card drops-later" aria-labelledby={`${id}-later`}>
          <h2 id={`${id}-later`}>{t('drops.later')}</h2>
          <ul>
            {later.map((drop) => (
              <li key={drop.id}>
                {drop.sample && <SampleBadge t={t} />}
                {details(drop)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function SampleBadge({ t }: { t: T }) {
  return (
    <span className="badge" title={t('common.sampleNote')}>
      {t('common.sample')}
    </span>
  );
}

function DropDetails({ drop, lang, t, onCount, onGone }: { drop: Drop; lang: Lang; t: T; onCount: (n: number) => void; onGone: () => void }) {
  const place = [drop.meetSpot, drop.address ?? drop.city].filter(Boolean).join(', ');
  return (
    <>
      {/* The drop's own name, unless it only repeats the page title. */}
      {drop.title && drop.title.trim() !== t('drops.title') && (
        <p className="drops-name" dir="auto">
          {drop.title}
        </p>
      )}
      <dl className="drops-facts">
        <div>
          <dt>{t('drops.when')}</dt>
          <dd>
            <span className="drops-date">{formatDate(drop.date, lang)}</span>
            {drop.time && (
              <>
                <br />
                <bdi>{drop.time}</bdi>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('drops.where')}</dt>
          <dd>
            <bdi>{drop.meetSpot}</bdi>
            {drop.address && (
              <>
                <br />
                <bdi>{drop.address}</bdi>
              </>
            )}
            {drop.city && (
              <>
                <br />
                <bdi>{drop.city}</bdi>
              </>
            )}
          </dd>
        </div>
        {drop.whatWeBring && (
          <div>
            <dt>{t('drops.bring')}</dt>
            <dd dir="auto">{drop.whatWeBring}</dd>
          </div>
        )}
      </dl>
      {drop.notes && (
        <p className="drops-notes" dir="auto">
          {drop.notes}
        </p>
      )}
      <p className="drops-count" data-volunteers={drop.volunteers}>
        {t.count('drops.volunteers', drop.volunteers)}
      </p>
      <Volunteer dropId={drop.id} directions={directionsHref(place)} calendar={drop.sample ? null : calendarHref(drop)} lang={lang} t={t} onCount={onCount} onGone={onGone} />
    </>
  );
}

/**
 * No drop scheduled: said first, then the spec's fixed fallback, marked as a sample so no one
 * goes to that park expecting food.
 */
function Fallback({ t }: { t: T }) {
  return (
    <>
      <p className="drops-none">{t('drops.noneScheduled')}</p>
      {/* Framed as the site's other fixed samples are. */}
      <div className="drops-sample safety-note" data-sample>
        <p>
          <SampleBadge t={t} /> {t('drops.sampleLead')}
        </p>
        <dl className="drops-facts">
          <div>
            <dt>{t('drops.when')}</dt>
            <dd>
              {t('drops.fallbackDate')}
              <br />
              {t('drops.fallbackTime')}
              <br />
              <span className="badge type">{t('drops.fallbackRepeat')}</span>
            </dd>
          </div>
          <div>
            <dt>{t('drops.where')}</dt>
            <dd>{t('drops.fallbackPlace')}</dd>
          </div>
        </dl>
        {/* Nothing to sign up for: only the way there. */}
        <div className="drops-actions">
          <DirectionsLink href={directionsHref('park Phoenix')} t={t} />
        </div>
      </div>
    </>
  );
}

function DirectionsLink({ href, t }: { href: string; t: T }) {
  return (
    <a className="button secondary drops-directions" href={href} target="_blank" rel="noopener noreferrer">
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
        <circle cx="12" cy="9.5" r="2.5" />
      </svg>
      {t('drops.directions')}
    </a>
  );
}

function CalendarLink({ href, t }: { href: string; t: T }) {
  return (
    <a className="button secondary drops-calendar" href={href}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M16 3v4M8 3v4M3 10h18M12 13v5M9.5 15.5h5" />
      </svg>
      {t('drops.addToCalendar')}
    </a>
  );
}

/**
 * The Volunteer button and its inline sign-up: focus moves into it when it opens and back to
 * the button when it closes (Cancel, Escape or a successful sign-up). What was typed stays
 * until the sign-up succeeds.
 */
function Volunteer({
  dropId,
  directions,
  calendar,
  lang,
  t,
  onCount,
  onGone,
}: {
  dropId: string;
  directions: string;
  calendar: string | null;
  lang: Lang;
  t: T;
  onCount: (n: number) => void;
  onGone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const { form, row, submitLabel, pending } = useForm({
    spec: VOLUNTEER_FORM,
    t,
    itemId: dropId,
    send: (values) => call('POST /api/drops/:id/volunteers', { name: String(values.name).trim(), contact: String(values.contact).trim() }, { id: dropId }),
    sent: ({ volunteers }) => {
      onCount(volunteers);
      close();
    },
    // The drop was cancelled meanwhile: show what is scheduled now.
    failed: (error) => error.status === 404 && onGone(),
  });

  useEffect(() => {
    if (open) form.ref.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
  }, [open, form.ref]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  return (
    <>
      <div className="drops-actions">
        <DirectionsLink href={directions} t={t} />
        {calendar && <CalendarLink href={calendar} t={t} />}
        <button ref={buttonRef} className="button" type="button" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => (open ? close() : setOpen(true))}>
          {t('drops.volunteer')}
        </button>
      </div>
      {open && (
        <form id={`${id}-form`} className="drops-volunteer form-grid" {...form} onKeyDown={onKeyDown} aria-labelledby={`${id}-form-title`}>
          <h3 id={`${id}-form-title`}>{t('drops.volunteerTitle')}</h3>
          <FormKeys spec={VOLUNTEER_FORM} lang={lang} />
          {row('name', { autoComplete: 'off' })}
          {row('contact', { autoComplete: 'off' })}
          <div className="drops-form-actions">
            <button className="button" type="submit" disabled={pending}>
              {submitLabel}
            </button>
            <button className="button secondary" type="button" onClick={close}>
              {t('drops.cancel')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

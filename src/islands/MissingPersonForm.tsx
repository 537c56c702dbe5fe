import { useEffect, useState } from 'react';
import type { LostFoundPost } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { api, call } from '../lib/api.ts';
import { formatDate, personPath } from '../lib/format.ts';
import { LOST_FOUND_FORM, SUBMIT_MISSING_FORM } from '../lib/forms/missing.ts';
import { rememberPost } from '../lib/my-posts.ts';
import { FormKeys, useForm, type Values } from '../lib/use-form.tsx';
import { PhotoField } from './PhotoField.tsx';

const today = () => new Date().toLocaleDateString('en-CA');
const text = (values: Values, name: string) => String(values[name] ?? '');

/** Records with a name like the one typed are asked for once the person pauses this long, from MATCH_MIN characters. */
const MATCH_DELAY_MS = 400;
const MATCH_MIN = 3;
const MATCHES_SHOWN = 3;
/** Asked for more than shown, so that one last seen in the same city can come first. */
const MATCHES_ASKED = 10;

const sameText = (a: string | null, b: string) => !!a && !!b && a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * The records already posted under a name like `name`, those last seen in `city` first, so a
 * family finds the record another has posted instead of posting twice. By name only: a city
 * typed differently ("LA", "Los Angeles") must not hide the match. A failed request shows nothing.
 */
function usePossibleMatches(name: string, city: string): LostFoundPost[] {
  const [found, setFound] = useState<LostFoundPost[]>([]);
  const wanted = name.trim();
  const enough = [...wanted].length >= MATCH_MIN;
  useEffect(() => {
    if (!enough) return setFound([]);
    let current = true;
    const timer = setTimeout(() => {
      api<LostFoundPost[]>(`/api/lost-found?${new URLSearchParams({ q: wanted, limit: String(MATCHES_ASKED) })}`)
        .then((posts) => current && setFound(posts))
        .catch(() => current && setFound([]));
    }, MATCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, enough]);
  if (!enough) return [];
  const here = found.filter((post) => sameText(post.lastSeenCity, city.trim()));
  return [...here, ...found.filter((post) => !here.includes(post))].slice(0, MATCHES_SHOWN);
}

/**
 * A missing person: 'inline' on /lost-found, or 'submit' on /submit-missing, where the contact
 * is required too. Both carry one photo. Keeps what was typed when the server refuses.
 */
export function MissingPersonForm({
  variant,
  lang,
  t,
  onPosted,
  prefill,
}: {
  variant: 'inline' | 'submit';
  lang: Lang;
  t: (key: MessageKey, vars?: Vars) => string;
  onPosted?: (post: LostFoundPost) => void;
  /** A name to put in the form and focus (a search that found no one); a new object each time. */
  prefill?: { name: string } | null;
}) {
  const spec = variant === 'submit' ? SUBMIT_MISSING_FORM : LOST_FOUND_FORM;
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const { form, row, submitLabel, pending, values, set } = useForm({
    spec,
    t,
    busy: photo.uploading,
    send: (values) => {
      const body = {
        name: text(values, 'name'),
        lastSeenCity: text(values, 'lastSeenCity'),
        lastSeenDate: text(values, 'lastSeenDate'),
        description: text(values, 'description'),
        contact: text(values, 'contact'),
        photoUrl: photo.url,
      };
      return call('POST /api/lost-found', body);
    },
    sent: ({ manageToken, ...created }) => {
      rememberPost({ kind: 'missing', id: created.id, token: manageToken, title: created.name, createdAt: created.createdAt });
      setPhoto({ url: null, uploading: false });
      onPosted?.(created);
      return { description: t('lostFound.manageSaved'), duration: 8000 };
    },
  });
  const matches = usePossibleMatches(text(values, 'name'), text(values, 'lastSeenCity'));

  useEffect(() => {
    if (!prefill) return;
    set('name', prefill.name);
    form.ref.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
    // Only a new prefill fills the form: `set` and the ref do the same on every render.
  }, [prefill]);

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      {row('name', { autoComplete: 'off' })}
      <div className="matches" aria-live="polite">
        {matches.length > 0 && (
          <>
            <p className="matches-title">{t('lostFound.matchesTitle')}</p>
            <ul>
              {matches.map((post) => (
                <li key={post.id}>
                  <a href={personPath(post.id, lang)} target="_blank" rel="noopener">
                    <bdi>{post.name}</bdi>
                    <span className="sr-only"> {t('lostFound.opensNewTab')}</span>
                  </a>
                  {post.status === 'found' && (
                    <>
                      {' '}
                      <span className="badge done">{t('lostFound.found')}</span>
                    </>
                  )}
                  {(post.lastSeenCity || post.lastSeenDate) && (
                    <span className="note">
                      {t('lostFound.lastSeen')}: {post.lastSeenCity && <bdi>{post.lastSeenCity}</bdi>}
                      {post.lastSeenCity && post.lastSeenDate && ' · '}
                      {post.lastSeenDate && formatDate(post.lastSeenDate, lang)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <p className="note">{t('lostFound.matchesStill')}</p>
          </>
        )}
      </div>
      {row('lastSeenCity', { autoComplete: 'off' })}
      {row('lastSeenDate', { max: today() })}
      {row('description', { hint: t('lostFound.descriptionHint') })}
      {row('contact', { autoComplete: 'off', hint: t('lostFound.contactHint') })}
      <PhotoField kind="missing-persons" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
      <button className="button" type="submit" disabled={pending || photo.uploading}>
        {submitLabel}
      </button>
    </form>
  );
}

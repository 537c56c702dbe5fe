import { useEffect, useState } from 'react';
import type { LostFoundPost } from '../../common/contract/index.ts';
import type { Place } from '../../common/contract/places.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { api } from '../../client/api.ts';
import { personPath } from '../../common/format.ts';
import { recordFacts } from '../../common/person.ts';

/** Records with a name like the one typed are asked for once the person pauses this long. */
const MATCH_DELAY_MS = 400;
const MATCHES_SHOWN = 3;
/** Asked for more than shown, so that one last seen in the same city can come first. */
const MATCHES_ASKED = 10;

const sameText = (a: string | null, b: string) => !!a && !!b && a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * The California place typed as last seen ("fresno", "93701" and "Fresno, CA" are Fresno, in
 * Fresno County), found on the phone from the place data (loaded once, as a city field does);
 * null while none is typed or it is no California place.
 */
function usePlaceOf(city: string): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  const typed = city.trim();
  useEffect(() => {
    if (!typed) return setPlace(null);
    let current = true;
    import('../../common/contract/places.ts').then(
      (places) => current && setPlace(places.placeOf(typed)),
      () => current && setPlace(null),
    );
    return () => {
      current = false;
    };
  }, [typed]);
  return typed ? place : null;
}

/**
 * The records already posted under a name like `name`, so a family finds the record another has
 * posted instead of posting twice: once the last-seen place is a California place, only those of
 * its county (a common name is many people), those last seen in the same city first; by name
 * alone before. A failed request shows nothing.
 */
function usePossibleMatches(name: string, city: string): LostFoundPost[] {
  const [found, setFound] = useState<LostFoundPost[]>([]);
  const place = usePlaceOf(city);
  const county = place?.county ?? null;
  const wanted = name.trim();
  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ q: wanted, limit: String(MATCHES_ASKED), ...(county ? { county } : {}) });
    const timer = setTimeout(() => {
      api<LostFoundPost[]>(`/api/lost-found?${query}`)
        .then((posts) => current && setFound(posts))
        .catch(() => current && setFound([]));
    }, MATCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, county]);
  const here = found.filter((post) => sameText(post.lastSeenCity, place?.name ?? city.trim()));
  return [...here, ...found.filter((post) => !here.includes(post))].slice(0, MATCHES_SHOWN);
}

/**
 * Under the name field of the missing-person form: "Is this who you are looking for?" with the
 * records found, each opening in a new tab so nothing typed here is lost. Loaded once a name is
 * long enough to look for; posting is never blocked.
 */
export default function PossibleMatches({ name, city, lang, t }: { name: string; city: string; lang: Lang; t: (key: MessageKey, vars?: Vars) => string }) {
  const matches = usePossibleMatches(name, city);
  if (!matches.length) return null;
  return (
    <>
      <p className="matches-title">{t('lostFound.matchesTitle')}</p>
      <ul>
        {matches.map((post) => {
          const { badge, match, lastSeen } = recordFacts(post, lang);
          return (
            <li key={post.id}>
              <a href={personPath(post.id, lang)} target="_blank" rel="noopener">
                <bdi>{post.name}</bdi>
                <span className="sr-only"> {t('lostFound.opensNewTab')}</span>
              </a>
              {post.status === 'found' && (
                <>
                  {' '}
                  <span className="badge done">{t(badge.key)}</span>
                </>
              )}
              {/* Why it was found when not by the name as written ("Also written Mohammed"). */}
              {match && <span className="note">{t(match.key, match.vars)}</span>}
              {(lastSeen.city || lastSeen.date) && (
                <span className="note">
                  {t('lostFound.lastSeen')}: {lastSeen.city && <bdi>{lastSeen.city}</bdi>}
                  {lastSeen.city && lastSeen.date && ' · '}
                  {lastSeen.date}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="note">{t('lostFound.matchesStill')}</p>
    </>
  );
}

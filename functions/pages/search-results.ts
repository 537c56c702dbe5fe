/**
 * The missing-person search for browsers without JavaScript: the board's search form posts here
 * (POST keeps what was typed out of every address) and this page answers the records found, each
 * linking to its own no-script page, with the form to search again.
 */
import { LIMITS, type LostFoundPost } from '../../src/common/contract/index.ts';
import { translator } from '../../src/common/i18n/index.ts';
import type { Lang } from '../../src/common/i18n/languages.ts';
import { CALIFORNIA_TIME_ZONE } from '../../src/common/contract/hours.ts';
import { isolate, personPath } from '../../src/common/format.ts';
import { recordFacts } from '../../src/common/person.ts';
import { document, escape, pathIn, words } from './html.ts';

const SEARCH_ACTION = '/api/lost-found/search';

/**
 * The page: `found` is what the search answered, newest posts for a blank one; `tooLong` says the
 * query was refused (nothing was searched). What was typed stays in the form either way.
 */
export function searchPage(lang: Lang, query: string, found: LostFoundPost[], exit: string, tooLong = false): string {
  const t = translator(lang);
  const w = (key: Parameters<typeof words>[1], vars?: Parameters<typeof words>[2]) => words(lang, key, vars);
  const title = tooLong ? t('lostFound.searchTitle') : query ? t.count('lostFound.results', found.length, { query: isolate(query) }) : t('lostFound.listTitle');
  const problem = tooLong ? `<section class="notice failed" role="alert"><p>${w('lostFound.searchTooLong', { max: LIMITS.query })}</p><p>${w('form.kept')}</p></section>` : '';
  const form =
    `<form method="post" action="${SEARCH_ACTION}" role="search"><input type="hidden" name="lang" value="${lang}">` +
    `<div><label for="q">${w('lostFound.searchLabel')}</label><input id="q" type="search" name="q" maxlength="${LIMITS.query}" value="${escape(query)}"${tooLong ? ' aria-invalid="true"' : ''}></div>` +
    `<button type="submit">${w('lostFound.searchButton')}</button></form>`;
  const results = tooLong
    ? ''
    : found.length
      ? `<ul class="results">${found.map((post) => resultItem(lang, post)).join('')}</ul>`
      : `<p>${w(query ? 'lostFound.noMatch' : 'lostFound.empty')}</p><p><a href="${escape(pathIn(lang, '/submit-missing'))}">${w('lostFound.formTitle')}</a></p>`;
  const main =
    `${problem}<h1 role="status">${escape(title)}</h1>${results}${form}` + `<p class="links"><a href="${escape(pathIn(lang, '/lost-found'))}">${w('submitMissing.back')}</a></p>`;
  return document(lang, title, main, exit);
}

function resultItem(lang: Lang, post: LostFoundPost): string {
  const w = (key: Parameters<typeof words>[1], vars?: Parameters<typeof words>[2]) => words(lang, key, vars);
  const facts = recordFacts(post, lang, CALIFORNIA_TIME_ZONE);
  const seen = [facts.lastSeen.city && `<bdi>${escape(facts.lastSeen.city)}</bdi>`, facts.lastSeen.date && escape(facts.lastSeen.date)].filter(Boolean).join(' · ');
  return (
    `<li><a href="${escape(personPath(post.id, lang))}"><bdi>${escape(post.name)}</bdi></a>` +
    (post.status === 'found' ? ` <strong class="badge">${w(facts.badge.key)}</strong>` : '') +
    (facts.match ? `<br><span class="muted">${w(facts.match.key, facts.match.vars)}</span>` : '') +
    (seen ? `<br>${w('lostFound.lastSeen')}: ${seen}` : '') +
    `<br><small>${w('lostFound.posted')} ${escape(facts.posted)}</small></li>`
  );
}

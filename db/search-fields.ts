/** The folded form of names and places that the missing-person search compares. */

import { nameKeys } from './name-keys.ts';

const UNDECOMPOSED: Record<string, string> = { đ: 'd', ø: 'o', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/** Scripts written without spaces between words: each of their characters is searched as a word. */
const UNSPACED = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])/gu;

/**
 * Lowercase, without accents ("José" -> "jose", "Nguyễn" -> "nguyen", "Đặng" -> "dang"), full
 * width folded to plain, anything that is not a letter or digit a single space, and a space
 * between the characters of scripts written without spaces ("王小明" -> "王 小 明"), so "小明"
 * finds 王小明 as "jose" finds María José. Marks that only steer the writing (a right-to-left mark, a
 * zero-width joiner) are dropped: "ma\u200fría" is María.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[đøłßæœı]/g, (letter) => UNDECOMPOSED[letter]!)
    .replace(UNSPACED, ' $1 ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded copies a missing-person post is stored with, for its search index, and the sound keys of its name. */
export const searchFields = (post: { name: string; lastSeenCity?: string | null }) => {
  const searchName = foldForSearch(post.name);
  return {
    searchName,
    searchCity: post.lastSeenCity ? foldForSearch(post.lastSeenCity) : null,
    searchKeys: JSON.stringify(nameKeys(searchName, post.name)),
  };
};

/** The folded form of names and places that the missing-person search compares. */

const UNDECOMPOSED: Record<string, string> = { đ: 'd', ø: 'o', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/**
 * Lowercase, without accents ("José" -> "jose", "Nguyễn" -> "nguyen", "Đặng" -> "dang"), full
 * width folded to plain, and anything that is not a letter or digit a single space, so a word
 * boundary is always a space. Other scripts stay as they are ("王小明").
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[đøłßæœı]/g, (letter) => UNDECOMPOSED[letter]!)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded copies a missing-person post is stored with, for its search index. */
export const searchFields = (post: { name: string; lastSeenCity?: string | null }) => ({
  searchName: foldForSearch(post.name),
  searchCity: post.lastSeenCity ? foldForSearch(post.lastSeenCity) : null,
});

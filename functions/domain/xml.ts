/**
 * Escapes text for an element's content. Characters XML 1.0 cannot carry at all (control
 * characters, lone surrogates) are left out; a carriage return is kept as a reference, since a
 * reader turns a literal one into a line feed.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Escapes text for a double-quoted attribute: a reader would turn a literal tab or line feed into a space. */
export const escapeAttribute = (value: string) => escapeXml(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');

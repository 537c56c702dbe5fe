/**
 * The external payment page for a gift of `amount` dollars: the configured link with the amount
 * as its `amount` query parameter, unless the link already fixes one.
 */
export function donationLink(base: string, amount: number): string {
  const url = new URL(base);
  if (!url.searchParams.has('amount')) url.searchParams.set('amount', String(amount));
  return url.href;
}

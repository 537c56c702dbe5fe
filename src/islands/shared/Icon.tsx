/** A map pin: a place (a job's city, a resource's address). */
export const PIN = '<path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>';

/**
 * A small line icon (24 units, drawn 18 px) from its inner markup: fixed strings of this code,
 * never anything typed. Hidden from screen readers: the text beside it says the same.
 */
export const Icon = ({ inner, fill = 'none', className }: { inner: string; fill?: string; className?: string }) => (
  <svg
    className={className}
    width={18}
    height={18}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill={fill}
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    dangerouslySetInnerHTML={{ __html: inner }}
  />
);

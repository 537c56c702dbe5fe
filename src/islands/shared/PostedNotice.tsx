import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Translate } from '../../common/i18n/messages.ts';

/**
 * A submit page's form until its post is sent, then in its place what happened (the page's
 * `success` and `doneText`), a link to where the post now is (`seeIt`), and a way back to the form
 * for another one (`another`). Focus moves to the notice's heading, so a keyboard or screen reader
 * lands on the news, not at the top of the page.
 */
export function PostedNotice({
  t,
  page,
  form,
  at,
  more = [],
  children,
}: {
  t: Translate;
  /** Whose texts: `${page}.success` and the others. */
  page: 'submitAlert' | 'submitMissing';
  /** The form, given the callback it calls once its post is sent. */
  form: (onPosted: () => void) => ReactNode;
  /** Where the post now is. */
  at: string;
  /** Other links, after that one. */
  more?: { href: string; label: string }[];
  /** What else the notice says. */
  children?: ReactNode;
}) {
  const [posted, setPosted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [posted]);
  if (!posted) return form(() => setPosted(true));
  return (
    <div className="posted-notice stack">
      <h2 ref={heading} tabIndex={-1}>
        {t(`${page}.success`)}
      </h2>
      <p>{t(`${page}.doneText`)}</p>
      {children}
      <div className="cta-buttons">
        <a className="button" href={at}>
          {t(`${page}.seeIt`)}
        </a>
        {more.map((link) => (
          <a key={link.href} className="button secondary" href={link.href}>
            {link.label}
          </a>
        ))}
        <button type="button" className="button secondary" onClick={() => setPosted(false)}>
          {t(`${page}.another`)}
        </button>
      </div>
    </div>
  );
}

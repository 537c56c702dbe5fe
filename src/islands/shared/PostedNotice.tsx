import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What a submit page shows once its post is sent, in place of an empty form: what happened,
 * links to where the post now is, and a way back to the form for another one. Focus moves to
 * its heading, so a keyboard or screen reader lands on the news, not at the top of the page.
 */
export function PostedNotice({
  title,
  links,
  again,
  onAgain,
  children,
}: {
  title: string;
  /** The first one is the post's place. */
  links: { href: string; label: string }[];
  again: string;
  onAgain: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="posted-notice stack">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <div className="cta-buttons">
        {links.map((link, index) => (
          <a key={link.href} className={index === 0 ? 'button' : 'button secondary'} href={link.href}>
            {link.label}
          </a>
        ))}
        <button type="button" className="button secondary" onClick={onAgain}>
          {again}
        </button>
      </div>
    </div>
  );
}

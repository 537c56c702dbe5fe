import { useState } from 'react';
import type { ContactKind, RevealBoard, RevealedContact } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { messageFn } from '../../common/i18n/messages.ts';
import { api } from '../../client/api.ts';
import { revealFailureKey } from '../../client/reveal.ts';
import { contactLink } from '../../common/format.ts';

/**
 * A poster's contact, shown on a tap: the button ("Email" when it is an address with an
 * at-sign, otherwise "Contact") asks the server, which wants a proof of work first (solved in a
 * Web Worker by the API kit), then the contact replaces it as a link. Without scripts the same
 * form posts to the server with the page's one-time `token`, and the answer is a page with the contact.
 */
export function RevealContact(props: { board: RevealBoard; id: string; kind: ContactKind; lang: Lang; t: ReturnType<typeof messageFn>; token?: string | null }) {
  const { board, id, kind, lang, t, token } = props;
  const [state, setState] = useState<{ contact?: string; busy?: boolean; failed?: ReturnType<typeof revealFailureKey> }>({});
  const action = `/api/${board}/${encodeURIComponent(id)}/contact`;
  if (state.contact) {
    const link = contactLink(state.contact);
    return link.href ? (
      <a className="contact-value" href={link.href} dir="auto" {...(link.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {state.contact}
      </a>
    ) : (
      <bdi className="contact-value">{state.contact}</bdi>
    );
  }
  const reveal = async () => {
    setState({ busy: true });
    try {
      const { contact } = await api<RevealedContact>(action, { method: 'POST' });
      setState({ contact });
    } catch (error) {
      setState({ failed: revealFailureKey(error) });
    }
  };
  return (
    <form
      className="reveal-contact"
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        void reveal();
      }}
    >
      <input type="hidden" name="lang" value={lang} />
      {token && <input type="hidden" name="token" value={token} />}
      <button className="button secondary" type="submit" disabled={state.busy} aria-busy={state.busy}>
        {state.busy ? t('common.loading') : t(kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton')}
      </button>
      {state.failed && (
        <span className="field-error" role="alert">
          {t(state.failed)}
        </span>
      )}
    </form>
  );
}

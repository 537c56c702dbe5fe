import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { isLang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { HelpPostForm } from './HelpPostForm.tsx';

/** The language the page was built in, as its <html> element says. */
const pageLang = () => {
  const lang = document.documentElement.dataset.lang;
  return isLang(lang) ? lang : 'en';
};

let reopen: (() => void) | undefined;

/**
 * Opens Request Community Help from the header's Request Help button on any page. The header
 * loads this module (and React with it) only when the button is first pressed.
 */
export function openRequestHelp(messages: Messages): void {
  if (reopen) return reopen();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<RequestHelp messages={messages} register={(open) => (reopen = open)} />);
}

function RequestHelp({ messages, register }: { messages: Messages; register: (open: () => void) => void }) {
  const t = messageFn(messages);
  const [open, setOpen] = useState(true);
  useEffect(() => register(() => setOpen(true)), [register]);
  if (!open) return null;
  return (
    <Dialog title={t('help.requestTitle')} closeLabel={t('help.close')} onClose={() => setOpen(false)}>
      <HelpPostForm kind="request" lang={pageLang()} t={t} onPosted={() => setOpen(false)} />
    </Dialog>
  );
}

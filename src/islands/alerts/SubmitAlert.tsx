import { useState } from 'react';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { AlertForm } from './AlertForm.tsx';
import { PostedNotice } from '../shared/PostedNotice.tsx';

/** /submit-alert: the longer form, every alert type, its time defaulting to now; once sent, where the alert is. */
export default function SubmitAlert({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [posted, setPosted] = useState(false);
  if (posted) {
    return (
      <PostedNotice
        title={t('submitAlert.success')}
        links={[{ href: localizePath('/alerts', lang), label: t('submitAlert.seeIt') }]}
        again={t('submitAlert.another')}
        onAgain={() => setPosted(false)}
      >
        <p>{t('submitAlert.doneText')}</p>
      </PostedNotice>
    );
  }
  return <AlertForm variant="submit" lang={lang} t={t} onPosted={() => setPosted(true)} />;
}

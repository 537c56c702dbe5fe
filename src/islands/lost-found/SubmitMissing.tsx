import { useState } from 'react';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { MissingPersonForm } from './MissingPersonForm.tsx';
import { PostedNotice } from '../shared/PostedNotice.tsx';

/** /submit-missing: the missing-person report with a photo; once sent, where it shows (at once, on /lost-found). */
export default function SubmitMissing({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const [posted, setPosted] = useState(false);
  if (posted) {
    return (
      <PostedNotice
        title={t('submitMissing.success')}
        links={[
          { href: localizePath('/lost-found', lang), label: t('submitMissing.seeIt') },
          { href: localizePath('/manage', lang), label: t('help.myPosts') },
        ]}
        again={t('submitMissing.another')}
        onAgain={() => setPosted(false)}
      >
        <p>{t('submitMissing.doneText')}</p>
        <p className="note">{t('lostFound.manageSaved')}</p>
      </PostedNotice>
    );
  }
  return <MissingPersonForm variant="submit" lang={lang} t={t} onPosted={() => setPosted(true)} />;
}

import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { MissingPersonForm } from './MissingPersonForm.tsx';
import { PostedNotice } from '../shared/PostedNotice.tsx';

/** /submit-missing: the missing-person report with a photo; once sent, where it shows (at once, on /lost-found), and that it can be managed. */
export default function SubmitMissing({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const form = (onPosted: () => void) => <MissingPersonForm variant="submit" lang={lang} t={t} onPosted={onPosted} />;
  return (
    <PostedNotice t={t} page="submitMissing" form={form} at={localizePath('/lost-found', lang)} more={[{ href: localizePath('/manage', lang), label: t('help.myPosts') }]}>
      <p className="note">{t('lostFound.manageSaved')}</p>
    </PostedNotice>
  );
}

import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { AlertForm } from './AlertForm.tsx';
import { PostedNotice } from '../shared/PostedNotice.tsx';

/** /submit-alert: the longer form, every alert type, its time defaulting to now; once sent, where the alert is. */
export default function SubmitAlert({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages);
  const form = (onPosted: () => void) => <AlertForm variant="submit" lang={lang} t={t} onPosted={onPosted} />;
  return <PostedNotice t={t} page="submitAlert" form={form} at={localizePath('/alerts', lang)} />;
}

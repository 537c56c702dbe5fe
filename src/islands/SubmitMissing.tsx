import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { MissingPersonForm } from './MissingPersonForm.tsx';

/** /submit-missing: the missing-person report with a photo; it shows on /lost-found at once. */
export default function SubmitMissing({ lang, messages }: { lang: Lang; messages: Messages }) {
  return <MissingPersonForm variant="submit" lang={lang} t={messageFn(messages)} />;
}

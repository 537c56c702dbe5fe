import type { Lang } from '../i18n/languages.ts';
import { messageFn, type Messages } from '../i18n/messages.ts';
import { AlertForm } from './AlertForm.tsx';

/** /submit-alert: the longer form, every alert type, its time defaulting to now. */
export default function SubmitAlert({ lang, messages }: { lang: Lang; messages: Messages }) {
  return <AlertForm variant="submit" lang={lang} t={messageFn(messages)} />;
}

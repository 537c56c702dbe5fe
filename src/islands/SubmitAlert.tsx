import { messageFn, type Messages } from '../i18n/messages.ts';
import { AlertForm } from './AlertForm.tsx';

/** /submit-alert: the longer form, every alert type, its time defaulting to now. */
export default function SubmitAlert({ messages }: { messages: Messages }) {
  return <AlertForm variant="submit" t={messageFn(messages)} />;
}

import type { MessageKey, Vars } from '../common/i18n/messages.ts';
import type { FieldSpec, FormSpec, Notice } from '../common/forms/kit.ts';
import type { ApiError } from './api.ts';
import { submit, type Values } from './forms.ts';
import { showToast } from './toast.ts';

interface ElementForm<A> {
  spec: FormSpec;
  t: (key: MessageKey, vars?: Vars) => string;
  send: (values: Values) => Promise<A>;
  /** After a success, once the form is emptied and before its toast. */
  sent?: (answer: A) => void;
  /** A refusal the element answers itself (a record that is gone): true when it did, and no toast shows. */
  refused?: (error: ApiError) => boolean;
}

/**
 * A custom element's form on the one loop: its fields read as the description names them (a
 * checkbox as true or false, text trimmed), the pending label while it sends, what is blank or
 * refused marked aria-invalid with the focus on the first, one toast per outcome, the form emptied
 * after a success and kept as typed after a failure. Without scripts the form still posts.
 */
export function formElement<A>(form: HTMLFormElement, { spec, t, send, sent, refused }: ElementForm<A>): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const controls = (name: string) => [...form.querySelectorAll<HTMLElement>(`[name="${name}"]`)];
  const valueOf = (field: FieldSpec) => {
    const control = form.elements.namedItem(field.name) as HTMLInputElement | RadioNodeList;
    return field.kind === 'checkbox' ? (control as HTMLInputElement).checked : String(control.value).trim();
  };
  const mark = (names: readonly string[]) => {
    for (const name of names) for (const control of controls(name)) control.setAttribute('aria-invalid', 'true');
    if (names[0]) controls(names[0])[0]?.focus();
  };
  const toast = (notice: Notice, variant: 'success' | 'destructive', cause?: ApiError['cause']) =>
    showToast({ title: t(notice.title), ...(notice.text ? { description: t(notice.text) } : {}), variant, cause });
  const pending = (sending: boolean) => {
    button.disabled = sending;
    button.textContent = t(sending ? spec.pending : spec.submit);
  };

  form.addEventListener('input', (event) => {
    for (const control of controls((event.target as HTMLInputElement).name)) control.removeAttribute('aria-invalid');
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const result = await submit(spec, Object.fromEntries(spec.fields.map((field) => [field.name, valueOf(field)])), send, pending);
    if (result.outcome === 'blank') {
      mark([result.fields[0]!.name]);
      toast(result.fields[0]!.required!, 'destructive');
    } else if (result.outcome === 'sent') {
      form.reset();
      sent?.(result.answer);
      toast(spec.success, 'success');
    } else if (!refused?.(result.error)) {
      mark(result.fields);
      toast(result.notice, 'destructive', result.error.cause);
    }
  });
}

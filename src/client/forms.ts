/**
 * The one submit loop of every form: an island's (through `useForm`, src/islands/shared/use-form.tsx)
 * and a custom element's (through `formElement`, ./form-element.ts, apart so islands do not load it). The description's checks in its order, the
 * live event the post will cause marked as this device's own, and a refusal turned into the fields
 * it names (in the form's order) and the notice its cause calls for. What is drawn is the caller's.
 */
import { blankFields, failureNotice, fieldFor, type FieldSpec, type FormSpec, type Notice } from '../common/forms/kit.ts';
import { ApiError } from './api.ts';
import { postingOwn } from './own-posts.ts';

export type Values = Record<string, string | boolean>;

/** How a submit ended: fields left blank (nothing sent), sent with the server's answer, or refused. */
export type Submitted<A> = { outcome: 'blank'; fields: FieldSpec[] } | { outcome: 'sent'; answer: A } | { outcome: 'refused'; error: ApiError; fields: string[]; notice: Notice };

/**
 * Checks `values` against the description and, when nothing required is blank, sends them with
 * `send` (which throws an ApiError when the server refuses); `pending` hears when sending starts
 * and ends. Never throws.
 */
export async function submit<A>(spec: FormSpec, values: Values, send: (values: Values) => Promise<A>, pending?: (sending: boolean) => void): Promise<Submitted<A>> {
  const blank = blankFields(spec, values);
  if (blank.length) return { outcome: 'blank', fields: blank };
  pending?.(true);
  const settle = spec.live ? postingOwn(spec.live) : undefined;
  try {
    const answer = await send(values);
    settle?.(answer && typeof answer === 'object' && 'id' in answer ? String(answer.id) : null);
    return { outcome: 'sent', answer };
  } catch (thrown) {
    settle?.(null);
    const error = thrown instanceof ApiError ? thrown : new ApiError(0, String(thrown));
    const named = Object.keys(error.fields).flatMap((name) => fieldFor(spec, name)?.name ?? []);
    return { outcome: 'refused', error, fields: spec.fields.map((field) => field.name).filter((name) => named.includes(name)), notice: failureNotice(spec, error) };
  } finally {
    pending?.(false);
  }
}

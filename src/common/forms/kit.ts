/**
 * The form kit's plain part: how a form is described (its API address, its fields with their
 * labels, caps and the spec's message when a required one is blank, in the spec's order, and its
 * success and failure texts), the checks and the one failure mapping. The descriptions live in
 * ./*.ts beside it, one module per page family so a page loads only its own; the islands draw and
 * check their forms from them, and the server (functions/middleware/form-posts/index.ts) reads the same ones to
 * take a form posted without JavaScript and answer a result page. No React and no zod here.
 */
import type { LiveEventName } from '../contract/events.ts';
import type { MessageKey } from '../i18n/messages.ts';

export interface Notice {
  title: MessageKey;
  text?: MessageKey;
}

export interface FieldSpec {
  /** The input's name, which is the contract's field unless `key` says otherwise. */
  name: string;
  /** The contract field, when the input is named for the browser (the sign-in's username/password). */
  key?: string;
  label: MessageKey;
  /**
   * `place`: a city, which suggests California places as it is typed and takes a ZIP code (src/islands/shared/use-form.tsx).
   * `choices`: a checkbox per option, sent as a list; `schedule`: weekly opening hours, a row per period (src/common/forms/lists.ts).
   * `code`: a code texted to the person, which phones offer to fill in from the text.
   */
  kind?: 'text' | 'textarea' | 'date' | 'datetime' | 'number' | 'checkbox' | 'select' | 'radio' | 'secret' | 'tel' | 'url' | 'hidden' | 'place' | 'choices' | 'schedule' | 'code';
  max?: number;
  /** The values of a select or radio group, with the key of each one's label. */
  options?: readonly string[];
  optionLabel?: (value: string) => MessageKey;
  /** A select's empty first choice ("Choose a category"), when it starts with none. */
  prompt?: MessageKey;
  /** The spec's message when this field is left blank. */
  required?: Notice;
  /** What the field holds before anyone types (a select's first choice, a checked box). */
  initial?: string | boolean;
  /** A line under the field saying what goes in it, or who will see it. */
  hint?: MessageKey;
}

/** The kinds of post a device keeps a manage secret for (My posts). */
export type MyPostKind = 'request' | 'offer' | 'missing';

/** The input type of each kind of field that is not plain text (the islands' and the result page's). */
export const INPUT_TYPES: Partial<Record<NonNullable<FieldSpec['kind']>, string>> = {
  date: 'date',
  datetime: 'datetime-local',
  number: 'number',
  tel: 'tel',
  url: 'url',
  secret: 'password',
};

export interface FormSpec {
  /** Sent as the hidden `form` field, so the server knows which description a post follows. */
  id: string;
  /** The API address; `:id` stands for the item the form answers (a drop, a request). */
  action: string;
  fields: readonly FieldSpec[];
  /** Values the form always sends (the report's alert type, a response's kind). */
  fixed?: Record<string, string>;
  submit: MessageKey;
  pending: MessageKey;
  /** The success toast; `{name}`-style placeholders take the answer's fields. */
  success: Notice;
  failure: Notice;
  /**
   * Refusals with words of their own, by the error's code when one is listed (a post's own limit),
   * else by HTTP status (429: too many posts from this connection).
   */
  refusals?: Partial<Record<number | string, Partial<Notice>>>;
  /**
   * The page to go back to (without the language prefix); `:id` stands for the item the form
   * answered. A page the API answers itself (`/api/...`) takes the language as `?lang=`.
   */
  back: string;
  /** The form sends the page's language too (the language of the texts it subscribes to). */
  sendsLang?: boolean;
  /** Posts that answer a private manage secret: the kind in the manage link. */
  manage?: MyPostKind;
  /** The live event a post causes at once, whose echo the poster is not shown as news. */
  live?: LiveEventName;
  /** The form of the next step (a code texted to the number): the result page without scripts shows it, its fields filled from the answer. */
  next?: FormSpec;
}

export const text = (name: string, label: MessageKey, max: number, required?: Notice): FieldSpec => ({ name, label, max, ...(required ? { required } : {}) });
export const area = (name: string, label: MessageKey, max: number, required?: Notice): FieldSpec => ({ ...text(name, label, max, required), kind: 'textarea' });
export const choice = (name: string, label: MessageKey, options: readonly string[], optionLabel: (value: string) => MessageKey, required?: Notice): FieldSpec => ({
  name,
  label,
  kind: 'select',
  options,
  optionLabel,
  ...(required ? { required } : {}),
});

/** The required fields left blank, in the spec's order. */
export function blankFields(spec: FormSpec, values: Record<string, unknown>): FieldSpec[] {
  return spec.fields.filter((field) => field.required && typeof values[field.name] !== 'boolean' && !String(values[field.name] ?? '').trim());
}

/** The first required field left blank, in the spec's order, or undefined. */
export const firstBlank = (spec: FormSpec, values: Record<string, unknown>): FieldSpec | undefined => blankFields(spec, values)[0];

/** The field an API refusal names (`fields` uses contract names), or undefined. */
export const fieldFor = (spec: FormSpec, contractName: string) => spec.fields.find((field) => (field.key ?? field.name) === contractName.split('.')[0]);

/** The address a form posts to: its action with the item's id filled in. */
export const actionOf = (spec: FormSpec, itemId?: string) => spec.action.replace(':id', encodeURIComponent(itemId ?? ''));

/** Why a post failed, as the one API error knows it (src/client/api.ts) and the server's result page. */
export interface Failure {
  status: number;
  code: string;
  /** Field names the server refused (contract names). */
  fields?: Record<string, string>;
}

/**
 * The spec's toast for a failed post: offline and a server that could not save (busy, full disk)
 * say nothing typed is lost; refusals with words of their own (too many posts, a duplicate, a
 * wrong secret) use them; anything else the form's own error toast.
 */
export function failureNotice(spec: FormSpec, failure: Failure): Notice {
  if (failure.code === 'offline') return { title: spec.failure.title, text: 'offline.formText' };
  if (failure.code === 'busy' || failure.code === 'storage_full') return { title: spec.failure.title, text: 'toast.serverBusy' };
  return { ...spec.failure, ...(spec.refusals?.[failure.code] ?? spec.refusals?.[failure.status]) };
}

import { lazy, Suspense, useId, useLayoutEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import type { ApiError } from '../../client/api.ts';
import { submit, type Values } from '../../client/forms.ts';
import { actionOf, INPUT_TYPES, type FieldSpec, type FormSpec, type Notice } from '../../common/forms/kit.ts';
import { showToast, type ToastInput } from '../../client/toast.ts';

type T = (key: MessageKey, vars?: Vars) => string;

type CityModule = typeof import('./city.tsx');
/** The city suggestions' code once the server has it: there they are drawn at once, never streamed in later. */
let serverCity: CityModule | undefined;
if (import.meta.env.SSR) void import('./city.tsx').then((module) => (serverCity = module));
/**
 * What a city field suggests. On the phone its code comes with the first form that shows a city
 * field, so forms without one never load it; the field itself is drawn and works meanwhile.
 */
const PlaceSuggestions = lazy(() => (serverCity ? ({ then: (take: (module: CityModule) => void) => take(serverCity!) } as Promise<CityModule>) : import('./city.tsx')));

/**
 * What makes an island's form work before (or without) its script: it posts to its API address,
 * never GET (nothing typed ever lands in an address), and says which form it is and in which
 * language the server's result page should answer. With the script, `onSubmit` takes over.
 */
export function postedForm(spec: FormSpec, itemId?: string) {
  return { method: 'post', action: actionOf(spec, itemId) } as const;
}

/** The hidden fields of a posted form: its description's id and the page's language. */
export function FormKeys({ spec, lang }: { spec: FormSpec; lang: Lang }) {
  return (
    <>
      <input type="hidden" name="form" value={spec.id} />
      <input type="hidden" name="lang" value={lang} />
    </>
  );
}

/** What went wrong with the form (useForm's `problem`), said in its own line, read out at once; nothing when all is well. */
export function FormProblem({ problem, className = 'form-problem' }: { problem: string | null; className?: string }) {
  return (
    problem && (
      <p className={className} role="alert">
        {problem}
      </p>
    )
  );
}

/** A form's values before anyone types: blank, or its description's first choice. */
const emptyValues = (spec: FormSpec): Values => Object.fromEntries(spec.fields.map((field) => [field.name, field.initial ?? '']));

interface Options<A> {
  spec: FormSpec;
  t: T;
  /** Values to start from (and to go back to after a success), over the description's. */
  initial?: () => Values;
  /** Sends the values; throws an ApiError when the server refuses. */
  send: (values: Values) => Promise<A>;
  /** After a success, once the form is emptied, with what was sent; may return what its toast says instead. */
  sent?: (answer: A, values: Values) => Partial<ToastInput> | void;
  /** After a failure, once its toast shows (a drop cancelled meanwhile reloads the page). */
  failed?: (error: ApiError) => void;
  /** Something else that must finish first (an upload): sending waits and says nothing. */
  busy?: boolean;
  /** The item the form answers, for an action with `:id` (a drop's volunteers). */
  itemId?: string;
  /** No toasts: the form says what went wrong in its own line (`problem`), as the sign-in does. */
  silent?: boolean;
  /**
   * Refusals are said once, in the form's own line (`problem`), not as toasts: a form in a dialog,
   * which a toast may not reach. Successes still toast. A blank send names every blank field, in
   * the words of `form.checkFields` (which the island's messages must carry).
   */
  inline?: boolean;
  /** Failures that need no toast (a desk's session ended: the sign-in form comes back instead). */
  quiet?: (error: ApiError) => boolean;
}

/** What a form can do with its values besides its own submit (the subscription's unsubscribe). */
interface Action<A> {
  send: (values: Values) => Promise<A>;
  success: Notice;
  sent?: (answer: A, values: Values) => Partial<ToastInput> | void;
}

/**
 * The one form kit of every island: values, the pending label, the spec's checks in the spec's
 * order (the first blank field gets its toast and the focus), the fields the server refused
 * marked aria-invalid, one toast per failure cause (offline, busy or full disk, too many, refused),
 * what was typed kept on failure and cleared on success.
 */
export function useForm<A>({ spec, t, initial, send, sent, failed, busy, itemId, silent, inline, quiet }: Options<A>) {
  const start = () => ({ ...emptyValues(spec), ...initial?.() });
  const [values, setValues] = useState<Values>(start);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const id = useId();

  // What was typed before the form's script woke up (a slow phone) is taken in, never lost.
  useLayoutEffect(() => {
    const typed: Values = {};
    for (const { name } of spec.fields) {
      const element = ref.current?.elements.namedItem(name) as HTMLInputElement | null;
      const value = element?.type === 'checkbox' ? element.checked : element?.value;
      if (value && value !== values[name]) typed[name] = value;
    }
    if (Object.keys(typed).length) setValues((current) => ({ ...current, ...typed }));
  }, []);

  const focus = (name: string) => ref.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  /** Says how a send went: a refusal in the form's own line or as a toast (never both), `more` after its text. */
  const toast = (notice: Notice, input: Partial<ToastInput> = {}, more?: string) => {
    const refused = input.variant === 'destructive';
    const own = refused && (silent || inline);
    setProblem(own ? [t(notice.text ?? notice.title), more].filter(Boolean).join(' ') : null);
    if (silent || own) return;
    showToast({ title: t(notice.title), ...(notice.text ? { description: t(notice.text) } : {}), ...input });
  };

  const set = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setInvalid((names) => names.filter((known) => known !== name));
  };

  /** Puts `filled` in the form over its blank values (an item to edit, a template), nothing marked. */
  const fill = (filled: Values) => {
    setValues({ ...emptyValues(spec), ...filled });
    setInvalid([]);
    setProblem(null);
  };

  async function run<B>(action: Action<B>) {
    if (pending || busy) return;
    const result = await submit(spec, values, action.send, setPending);
    if (result.outcome === 'blank') {
      // A dialog's form names and marks every blank field in its own line; a toast speaks of the first one only.
      const [blank] = result.fields;
      const named = inline ? result.fields : [blank!];
      setInvalid(named.map((field) => field.name));
      focus(blank!.name);
      toast(blank!.required!, { variant: 'destructive' }, inline ? t('form.checkFields', { fields: named.map((field) => t(field.label)).join(', ') }) : undefined);
    } else if (result.outcome === 'sent') {
      setValues(start());
      setInvalid([]);
      toast(action.success, { variant: 'success', ...action.sent?.(result.answer, values) });
    } else {
      setInvalid(result.fields);
      if (result.fields[0]) focus(result.fields[0]);
      if (!quiet?.(result.error)) toast(result.notice, { variant: 'destructive', cause: result.error.cause });
      failed?.(result.error);
    }
  }

  /** Props of a checkbox. */
  const checkbox = (name: string) => ({
    id: `${id}-${name}`,
    name,
    type: 'checkbox' as const,
    checked: values[name] === true,
    onChange: (event: { target: { checked: boolean } }) => set(name, event.target.checked),
  });
  const specOf = (name: string): FieldSpec => spec.fields.find((field) => field.name === name)!;
  /** A select of the description's choices (after its prompt, if any), labelled in the page's language. */
  const selectFor = (name: string, extra: object = {}) => {
    const { options = [], optionLabel, prompt } = specOf(name);
    return (
      <select {...fieldProps(name)} {...extra}>
        {prompt && <option value="">{t(prompt)}</option>}
        {options.map((value) => (
          <option key={value} value={value}>
            {optionLabel ? t(optionLabel(value)) : value}
          </option>
        ))}
      </select>
    );
  };
  /** A field's <label>, with the required mark when the description requires it. */
  const labelFor = (name: string) => (
    <label htmlFor={`${id}-${name}`}>
      {t(specOf(name).label)}
      {specOf(name).required && (
        <>
          {' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </>
      )}
    </label>
  );
  const fieldProps = (name: string) => {
    const field = specOf(name);
    return {
      id: `${id}-${name}`,
      name,
      value: String(values[name] ?? ''),
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
      ...(field.max ? { maxLength: field.max } : {}),
      // Said to the browser and its screen reader; the form's noValidate keeps the checks (and their words) the kit's.
      ...(field.required ? { required: true } : {}),
      'aria-invalid': invalid.includes(name) || undefined,
    };
  };

  return {
    values,
    set,
    pending,
    invalid,
    /** What the last refusal said, while it stands (null after a success). */
    problem,
    submitLabel: t(pending ? spec.pending : spec.submit),
    fill,
    /** The <form>'s own props: posts without a script, the kit's submit with one. */
    form: {
      ref,
      ...postedForm(spec, itemId),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void run({ send, success: spec.success, sent });
      },
      noValidate: true,
    },
    /** Sends the values another way, through the same checks, pending state and failure toasts. */
    act: <B,>(action: Action<B>) => void run(action),
    /** A field's label text from the description. */
    label: (name: string) => t(specOf(name).label),
    selectFor,
    labelFor,
    /** Props of a text input, textarea or select: id, name, value, cap, required, invalid mark. */
    field: fieldProps,
    /**
     * A whole field: its label, the control its description calls for (input of the right type,
     * textarea or select) with `extra` props, and an optional hint under it.
     */
    row: (name: string, { hint, wide, ...extra }: { hint?: string; wide?: boolean } & InputHTMLAttributes<HTMLInputElement> = {}) => {
      const { kind } = specOf(name);
      const described = hint ? { 'aria-describedby': `${id}-${name}-hint` } : {};
      const props = { ...fieldProps(name), ...extra, ...described };
      if (kind === 'checkbox') {
        const box = (
          <label className="choice-option">
            <input {...checkbox(name)} {...described} />
            {t(specOf(name).label)}
          </label>
        );
        return hint ? (
          <div className="field">
            {box}
            <span className="hint" id={`${id}-${name}-hint`}>
              {hint}
            </span>
          </div>
        ) : (
          box
        );
      }
      return (
        <div className={wide ? 'field wide' : 'field'}>
          {labelFor(name)}
          {kind === 'select' ? (
            selectFor(name, { ...extra, ...described })
          ) : kind === 'textarea' ? (
            <textarea {...(props as object)} />
          ) : kind === 'place' ? (
            <>
              <input {...props} list={`${props.id}-places`} autoComplete="off" aria-describedby={[props['aria-describedby'], `${props.id}-zip`].join(' ').trim()} />
              {/* Only the suggestions wait for their code: the field above takes what is typed from the start. */}
              <Suspense fallback={null}>
                <PlaceSuggestions id={props.id} typed={String(values[name] ?? '')} t={t} />
              </Suspense>
            </>
          ) : (
            <input {...props} type={INPUT_TYPES[kind!]} />
          )}
          {hint && (
            <span className="hint" id={`${id}-${name}-hint`}>
              {hint}
            </span>
          )}
        </div>
      );
    },
    checkbox,
  };
}

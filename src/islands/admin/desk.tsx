import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messageFn, type MessageKey, type Messages } from '../../i18n/messages.ts';
import type { Lang } from '../../i18n/languages.ts';
import { createList, type ListItem } from '../../lib/lists.ts';
import { showToast } from '../../lib/toast.ts';
import { ListStates } from '../ListStates.tsx';
import { adminApi, adminChange, AdminGate, Field, type T } from '../AdminGate.tsx';

/**
 * The kit every admin desk (drops, resources, jobs) is built from: the list from the admin API,
 * one form that creates or edits an item through the same save, and the row actions (remove,
 * approve or verify) with their toasts. A desk only names its fields and draws its cards.
 */

/**
 * An admin page's island: the sign-in form until this browser has a session, then `Desk` with the
 * page's dictionary; other props (the language) pass through.
 */
export function adminIsland<Props extends object = object>(Desk: (props: Props & { lang: Lang; t: T }) => ReactNode) {
  return function AdminIsland({ messages, lang, ...props }: Props & { lang: Lang; messages: Messages }) {
    const t = messageFn(messages, lang);
    return (
      <AdminGate lang={lang} t={t}>
        {() => <Desk {...(props as Props)} lang={lang} t={t} />}
      </AdminGate>
    );
  };
}

type Values = Record<string, string | boolean>;
type Toast = { title: string; description?: string };
/** A toast's title and description keys. */
type ToastKeys = readonly [MessageKey, MessageKey];

/** An item of a desk's list: it has every field of the desk's form, some perhaps empty (null). */
type Row<Form extends Values> = { id: string } & { [Name in keyof Form]: Form[Name] | null };

export interface DeskConfig<Item extends Row<Form>, Form extends Values> {
  t: T;
  /** The collection under /api/admin, e.g. '/drops'. */
  path: string;
  /** The blank form; Edit fills the same fields from the item. */
  empty: () => Form;
  /** Checked in this order before anything is sent: the first rule with a blank field refuses. */
  required: readonly (readonly [readonly (keyof Form & string)[], MessageKey])[];
  /** What the API takes, when it is not the form as it is. */
  body?: (form: Form) => unknown;
  created: (form: Form) => Toast;
  updated: MessageKey;
  /** Remove asks `confirm` first. */
  removed: { confirm: MessageKey; toast: ToastKeys };
  /** The row action that makes a pending item public: its path after the item's id, and its toast. */
  approve?: { action: string; toast: ToastKeys };
  /** Shown when a card's Edit fills the form. */
  editing?: ToastKeys;
}

/**
 * One desk's state and actions: its list, the form (values, fields marked missing, pending), Edit
 * filling the form from a card, and the saves, each with its success toast or the one failure
 * toast (adminChange); a change that went through reloads the list.
 */
export function useDesk<Item extends Row<Form>, Form extends Values>(config: DeskConfig<Item, Form>) {
  const { t, path } = config;
  const list = useDeskList<Item>(path);
  const [form, setForm] = useState<Form>(config.empty);
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const toast = ([title, description]: ToastKeys): Toast => ({ title: t(title), description: t(description) });

  const set = (name: keyof Form & string) => (value: string | boolean) => {
    setForm((current) => ({ ...current, [name]: value }));
    setInvalid((fields) => fields.filter((field) => field !== name));
  };
  /** Puts `values` in the form: a new item's (blank, or a template), or with its id the item being edited. */
  const fill = (values: Form, item: string | null = null) => {
    setEditing(item);
    setInvalid([]);
    setForm(values);
  };
  const showForm = () => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const stopEditing = () => fill(config.empty());

  const edit = (item: Item) => {
    const values = config.empty();
    for (const name of Object.keys(values) as (keyof Form)[]) values[name] = (item[name] as Form[keyof Form] | null) ?? values[name];
    fill(values, item.id);
    if (config.editing) showToast(toast(config.editing));
    showForm();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const [fields, description] of config.required) {
      const missing = fields.filter((name) => !String(form[name]).trim());
      if (!missing.length) continue;
      setInvalid(missing);
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      showToast({ title: t('admin.requiredTitle'), description: t(description), variant: 'destructive' });
      return;
    }
    setPending(true);
    const body = config.body ? config.body(form) : form;
    const saved = editing
      ? await adminChange(t, `${path}/${editing}`, 'PUT', body, { title: t(config.updated), description: t('admin.updatedText') })
      : await adminChange(t, path, 'POST', body, config.created(form));
    setPending(false);
    if (!saved) return;
    stopEditing();
    await list.reload();
  }

  async function remove(item: Item) {
    if (!window.confirm(t(config.removed.confirm))) return;
    if (!(await adminChange(t, `${path}/${item.id}`, 'DELETE', undefined, toast(config.removed.toast)))) return;
    if (editing === item.id) stopEditing();
    await list.reload();
  }

  async function approve(item: Item) {
    const { approve } = config;
    if (approve && (await adminChange(t, `${path}/${item.id}/${approve.action}`, 'POST', undefined, toast(approve.toast)))) await list.reload();
  }

  /** One text input or text area of the form, named and labelled. */
  const field = (name: keyof Form & string, label: MessageKey, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field id={`${id}-${name}`} name={name} label={t(label)} value={String(form[name])} onChange={set(name)} invalid={invalid.includes(name)} {...extra} />
  );

  /** A choice among `options` (value and label), with a hint under it when one is given. */
  const select = (name: keyof Form & string, label: MessageKey, options: readonly (readonly [string, string])[], extra: { required?: boolean; hint?: string } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {t(label)}
        {extra.required && (
          <>
            {' '}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </>
        )}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={String(form[name])}
        aria-required={extra.required || undefined}
        aria-invalid={invalid.includes(name) || undefined}
        aria-describedby={extra.hint ? `${id}-${name}-hint` : undefined}
        onChange={(event) => set(name)(event.target.value)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {extra.hint && (
        <span className="hint" id={`${id}-${name}-hint`}>
          {extra.hint}
        </span>
      )}
    </div>
  );

  /** A yes/no box of the form. */
  const check = (name: keyof Form & string, label: MessageKey) => (
    <label className="choice-option">
      <input type="checkbox" name={name} checked={form[name] === true} onChange={(event) => set(name)(event.target.checked)} />
      {t(label)}
    </label>
  );

  return { ...list, t, id, form, set, field, select, check, invalid, editing, pending, formRef, fill, showForm, stopEditing, edit, submit, remove, approve };
}

export type Desk<Item extends Row<Form>, Form extends Values> = ReturnType<typeof useDesk<Item, Form>>;

/** A one-click change on a desk: a POST with no body that toasts `title`. */
export type Act = (path: string, title: MessageKey) => Promise<void>;

/** An `Act` that reloads what it changed once it went through. */
export const deskAction =
  (t: T, reload: () => Promise<unknown>): Act =>
  async (path, title) => {
    if (await adminChange(t, path, 'POST', undefined, { title: t(title) })) await reload();
  };

/** The create/edit form: its title and submit label change while an item is being edited. */
export function DeskForm<Item extends Row<Form>, Form extends Values>(props: {
  desk: Desk<Item, Form>;
  title: MessageKey;
  editTitle: MessageKey;
  submit: MessageKey;
  children: ReactNode;
}) {
  const { desk, title, editTitle, submit, children } = props;
  const { t, id, editing, pending } = desk;
  return (
    <section className="card admin-form" aria-labelledby={`${id}-form-title`}>
      <h2 id={`${id}-form-title`}>{t(editing ? editTitle : title)}</h2>
      <form ref={desk.formRef} className="form-grid two" onSubmit={(event) => void desk.submit(event)} noValidate>
        {children}
        <div className="admin-form-actions wide">
          <button className="button" type="submit" disabled={pending}>
            {pending ? t('admin.saving') : t(editing ? 'admin.save' : submit)}
          </button>
          {editing && (
            <button className="button secondary" type="button" onClick={desk.stopEditing}>
              {t('admin.stopEditing')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/**
 * A list from the admin API through the list kit: loaded when the desk opens and again after each
 * change (no timer: what changes it is this desk). A 401 on the way closes the desk (adminApi).
 */
export function useDeskList<Item extends ListItem>(path: string) {
  const [list] = useState(() => createList<Item>({ path }, adminApi));
  const state = useStore(list.$state);
  useEffect(() => void list.refresh(), [list]);
  return { ...state, loading: state.items === null && !state.failed, reload: list.refresh, loadMore: list.loadMore, setItems: list.setItems };
}

/** A desk list's states (loading, failed with a retry, empty) from the list kit, every card at once. */
export function DeskItems<Item extends ListItem>(props: { t: T; list: ReturnType<typeof useDeskList<Item>>; empty: MessageKey; children: (items: Item[]) => ReactNode }) {
  const { t, list, empty, children } = props;
  return (
    <ListStates t={t} list={list} empty={t(empty)} screen={Infinity}>
      {(items) => <ul className="admin-items">{children(items)}</ul>}
    </ListStates>
  );
}

/** The desk's list of cards under its title; each card carries its item's id as `data-{kind}-id`. */
export function DeskList<Item extends Row<Form>, Form extends Values>(props: {
  desk: Desk<Item, Form>;
  kind: string;
  title: MessageKey;
  empty: MessageKey;
  children: (item: Item) => ReactNode;
}) {
  const { desk, kind, title, empty, children } = props;
  const { t, id } = desk;
  return (
    <section className="admin-list" aria-labelledby={`${id}-list-title`} aria-busy={desk.items === null && !desk.failed}>
      <h2 id={`${id}-list-title`}>{t(title)}</h2>
      <DeskItems t={t} list={desk} empty={empty}>
        {(items) =>
          items.map((item) => (
            <li key={item.id} className="card admin-item" {...{ [`data-${kind}-id`]: item.id }}>
              {children(item)}
            </li>
          ))
        }
      </DeskItems>
    </section>
  );
}

/** A card's buttons: approve or verify (while it waits for it), edit, the desk's own, remove. */
export function DeskActions<Item extends Row<Form>, Form extends Values>(props: {
  desk: Desk<Item, Form>;
  item: Item;
  approve?: MessageKey | false;
  edit: MessageKey;
  remove: MessageKey;
  children?: ReactNode;
}) {
  const { desk, item, approve, edit, remove, children } = props;
  const { t } = desk;
  return (
    <div className="admin-actions">
      {approve && (
        <button type="button" className="button small" onClick={() => void desk.approve(item)}>
          {t(approve)}
        </button>
      )}
      <button type="button" className="button secondary small" onClick={() => desk.edit(item)}>
        {t(edit)}
      </button>
      {children}
      <button type="button" className="button danger small" onClick={() => void desk.remove(item)}>
        {t(remove)}
      </button>
    </div>
  );
}

/** The grid of big badges under a desk's list: each badge's key and what it shows. */
export function DeskBadges({ t, id, title, badges }: { t: T; id: string; title: MessageKey; badges: [string, ReactNode][] }) {
  return (
    <section className="admin-footer-block" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <ul className="admin-badge-grid">
        {badges.map(([key, badge]) => (
          <li key={key} className="badge type big">
            {badge}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { FormSpec } from '../../common/forms/kit.ts';
import { createList, type ListItem } from '../../client/lists.ts';
import { showToast } from '../../client/toast.ts';
import { useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';
import { ListStates } from '../shared/ListStates.tsx';
import { adminApi, adminChange, AdminGate, type T } from './AdminGate.tsx';

/**
 * The kit every admin desk (drops, resources, jobs) is built from: the list from the admin API,
 * its form on the one form kit, creating or editing an item through the same save, and the row
 * actions (remove, approve or verify) with their toasts. A desk only draws its fields and cards.
 */

/**
 * An admin page's island: the sign-in form until this browser has a session, then `Desk` with the
 * page's dictionary; other props (the language) pass through. The page gives the messages, never
 * `t`, whichever of `lang` and `t` the desk takes.
 */
export function adminIsland<Props extends object = object>(Desk: (props: Props & { lang: Lang; t: T }) => ReactNode) {
  return function AdminIsland({ messages, lang, ...props }: Omit<Props, 'lang' | 't'> & { lang: Lang; messages: Messages }) {
    const t = messageFn(messages, lang);
    return (
      <AdminGate lang={lang} t={t}>
        {() => <Desk {...(props as Props)} lang={lang} t={t} />}
      </AdminGate>
    );
  };
}

type Toast = { title: string; description?: string };
/** What a desk adds to a field of its form: a hint, autofill, a wide row. */
type RowExtra = Parameters<ReturnType<typeof useForm>['row']>[1];
/** A toast's title and description keys. */
type ToastKeys = readonly [MessageKey, MessageKey];

export interface DeskConfig {
  t: T;
  /** The collection under /api/admin, e.g. '/drops'. */
  path: string;
  /** The create/edit form (src/common/forms/admin.ts); Edit fills the same fields from the item. */
  spec: FormSpec;
  /** What the API takes, when it is not the form as it is. */
  body?: (values: Values) => unknown;
  /** The item's values its form holds in its own way (the directory's lists), over the plain ones. */
  held?: (item: ListItem) => Values;
  /** What a new item's toast says instead of the description's success (a drop still being planned). */
  created?: (values: Values) => Partial<Toast>;
  updated: MessageKey;
  /** Remove asks `confirm` first. */
  removed: { confirm: MessageKey; toast: ToastKeys };
  /** The row action that makes a pending item public: its path after the item's id, and its toast. */
  approve?: { action: string; toast: ToastKeys };
  /** Shown when a card's Edit fills the form. */
  editing?: ToastKeys;
}

/** An item's values for the form's fields; an empty one (null) keeps the field blank. */
const valuesOf = (spec: FormSpec, item: ListItem): Values =>
  Object.fromEntries(
    spec.fields.flatMap((field) => {
      const value = (item as Record<string, unknown>)[field.name];
      return value === null || value === undefined ? [] : [[field.name, typeof value === 'boolean' ? value : String(value)]];
    }),
  );

/**
 * One desk: its list, its form on the form kit (a new item is POSTed, an edited one PUT to its
 * address), Edit filling the form from a card, and the row actions, each with its success toast
 * or the one failure toast; a change that went through reloads the list.
 */
export function useDesk<Item extends ListItem>(config: DeskConfig) {
  const { t, path, spec } = config;
  const list = useDeskList<Item>(path);
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  const toast = ([title, description]: ToastKeys): Toast => ({ title: t(title), description: t(description) });
  const form = useForm({
    spec,
    t,
    send: (values) => adminApi(editing ? `${path}/${editing}` : path, { method: editing ? 'PUT' : 'POST', body: JSON.stringify(config.body ? config.body(values) : values) }),
    sent: (_, values) => {
      const said = editing ? { title: t(config.updated), description: t('admin.updatedText') } : config.created?.(values);
      setEditing(null);
      void list.reload();
      return said;
    },
    // The session ended: the sign-in form comes back in place of the desk (adminApi).
    quiet: (error) => error.status === 401,
  });

  /** Puts `values` in the form: a new item's (blank, or a template), or with its id the item being edited. */
  const fill = (values: Values, item: string | null = null) => {
    setEditing(item);
    form.fill(values);
  };
  const showForm = () => form.form.ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const stopEditing = () => fill({});

  const edit = (item: Item) => {
    fill({ ...valuesOf(spec, item), ...config.held?.(item) }, item.id);
    if (config.editing) showToast(toast(config.editing));
    showForm();
  };

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

  /** A field of the form: typed text reads in its own direction, and browsers offer no autofill unless the desk says so. */
  const row = (name: string, extra: RowExtra = {}) => {
    const kind = spec.fields.find((field) => field.name === name)?.kind;
    return form.row(name, { autoComplete: 'off', ...(!kind || kind === 'textarea' ? { dir: 'auto' } : {}), ...extra });
  };

  return { ...list, t, id, spec, form, row, editing, fill, showForm, stopEditing, edit, remove, approve };
}

export type Desk<Item extends ListItem> = ReturnType<typeof useDesk<Item>>;

/** A one-click change on a desk: a POST with no body that toasts `title`. */
export type Act = (path: string, title: MessageKey) => Promise<void>;

/** An `Act` that reloads what it changed once it went through. */
export const deskAction =
  (t: T, reload: () => Promise<unknown>): Act =>
  async (path, title) => {
    if (await adminChange(t, path, 'POST', undefined, { title: t(title) })) await reload();
  };

/**
 * The create/edit form: every field of the desk's description in its order, each with the desk's
 * extras (a hint, autofill, a wide row); its title and submit label change while an item is edited.
 */
export function DeskForm<Item extends ListItem>(props: {
  desk: Desk<Item>;
  title: MessageKey;
  editTitle: MessageKey;
  fields?: Record<string, RowExtra>;
  /** Fields the desk draws itself (the directory's list fields), by name. */
  own?: Record<string, ReactNode>;
}) {
  const { desk, title, editTitle, fields = {}, own = {} } = props;
  const { t, id, editing, form } = desk;
  return (
    <section className="card admin-form" aria-labelledby={`${id}-form-title`}>
      <h2 id={`${id}-form-title`}>{t(editing ? editTitle : title)}</h2>
      <form className="form-grid two" {...form.form}>
        {desk.spec.fields.map((field) => (
          <Fragment key={field.name}>{own[field.name] ?? desk.row(field.name, fields[field.name])}</Fragment>
        ))}
        <div className="admin-form-actions wide">
          <button className="button" type="submit" disabled={form.pending}>
            {editing && !form.pending ? t('admin.save') : form.submitLabel}
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
export function DeskList<Item extends ListItem>(props: { desk: Desk<Item>; kind: string; title: MessageKey; empty: MessageKey; children: (item: Item) => ReactNode }) {
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

/** A card's buttons: approve or verify (while it waits for it; a resource may be verified again), edit, the desk's own, remove. */
export function DeskActions<Item extends ListItem>(props: {
  desk: Desk<Item>;
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

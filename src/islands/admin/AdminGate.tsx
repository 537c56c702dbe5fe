import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn } from '../../common/i18n/messages.ts';
import { api, ApiError, call, failureCause } from '../../client/api.ts';
import { ADMIN_SIGN_IN_FORM } from '../../common/forms/posts.ts';
import { FormKeys, FormProblem, useForm } from '../shared/use-form.tsx';
import { showToast } from '../../client/toast.ts';

export type T = ReturnType<typeof messageFn>;

/** Who is signed in: undefined while asking the server, null when nobody. */
const $admin = atom<{ name: string } | null | undefined>(undefined);

/**
 * Set on this device while it has an admin session (see Page's `admin`): the first paint shows
 * "Checking" to such a browser and the sign-in form to everyone else, before any answer.
 */
export const ADMIN_SEEN_KEY = 'adminSeen';

$admin.listen((admin) => {
  try {
    if (admin) localStorage.setItem(ADMIN_SEEN_KEY, '1');
    else if (admin === null) localStorage.removeItem(ADMIN_SEEN_KEY);
  } catch {
    // Storage refused: the next visit draws the sign-in form first, then the desk.
  }
});

/**
 * Calls the admin API. A 401 means the session ended (expired, or signed out elsewhere): the
 * desk closes and the sign-in form comes back, instead of failing button by button.
 */
export async function adminApi<T>(path: string, init: RequestInit = {}): Promise<T> {
  try {
    return await api<T>(`/api/admin${path}`, init);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) $admin.set(null);
    throw error;
  }
}

/** A change on the desk: sends it, then shows `success` or the one failure toast. True when it went through. */
export async function adminChange(t: T, path: string, method: string, body: unknown, success: { title: string; description?: string }): Promise<boolean> {
  try {
    await adminApi(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    showToast({ ...success, variant: 'success' });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      showToast({ title: t('admin.actionFailed'), description: t('admin.actionFailedText'), variant: 'destructive', cause: failureCause(error) });
    }
    return false;
  }
}

/** A list from the admin API, loaded once the desk opens, with a reload after each change. */
export function useAdminList<T>(path: string) {
  const [items, setItems] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setItems(await adminApi<T>(path));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [path]);
  useEffect(() => void reload(), [reload]);
  return { items, failed, reload };
}

/**
 * Every admin page: the sign-in form until the server says this browser has a session, then the
 * desk with who is signed in and a sign-out button. The server checks the session on every call;
 * this only decides what to draw.
 */
export function AdminGate({ lang, t, children }: { lang: Lang; t: T; children: () => ReactNode }) {
  const admin = useStore($admin);

  useEffect(() => {
    if ($admin.get() !== undefined) return;
    adminApi<{ name: string }>('/session').then(
      (session) => $admin.set(session),
      () => $admin.set(null),
    );
  }, []);

  /** Makes a passkey on this device for the signed-in moderator: the WebAuthn code loads only on the tap. */
  async function addPasskey() {
    try {
      const { createPasskey } = await import('../../client/passkeys.ts');
      await createPasskey({ options: '/api/admin/passkeys/options', verify: '/api/admin/passkeys' });
      showToast({ title: t('admin.passkeyAdded'), variant: 'success' });
    } catch (error) {
      showToast({ title: t('admin.passkeyFailed'), variant: 'destructive', cause: failureCause(error) });
    }
  }

  async function signOut() {
    try {
      await adminApi('/session', { method: 'DELETE' });
    } catch {
      // Signed out on the server already, or offline: the page forgets the session either way.
    }
    $admin.set(null);
    showToast({ title: t('admin.signedOut') });
  }

  // The form is in the prebuilt page, so a visitor sees it at once; a browser that was signed in
  // sees "Checking" instead until the server answers (global.css, `html[data-admin-seen]`). Without
  // scripts it still posts (the server answers a page that says signed in, with a link back here).
  // It stays the same element when the answer comes, so nothing typed meanwhile is lost.
  if (!admin)
    return (
      <>
        {admin === undefined && <p className="note admin-checking">{t('admin.checking')}</p>}
        <SignIn lang={lang} t={t} checked={admin === null} />
      </>
    );
  return (
    <div className="admin-desk">
      <p className="admin-bar">
        <span>{t('admin.signedInAs', { name: admin.name })}</span>
        <button type="button" className="button secondary small" onClick={() => void addPasskey()}>
          {t('admin.passkeyAdd')}
        </button>
        <button type="button" className="button secondary small" onClick={() => void signOut()}>
          {t('admin.signOut')}
        </button>
      </p>
      {children()}
    </div>
  );
}

/** Signs in with a passkey made on the desk before (the browser offers its own): the WebAuthn code loads only on the tap. */
async function passkeySignIn(t: T) {
  try {
    const { signInWithPasskey } = await import('../../client/passkeys.ts');
    $admin.set(await signInWithPasskey<{ name: string }>({ options: '/api/admin/session/passkey/options', verify: '/api/admin/session/passkey' }));
  } catch (error) {
    showToast({ title: t('admin.passkeyFailed'), variant: 'destructive', cause: failureCause(error) });
  }
}

function SignIn({ lang, t, checked }: { lang: Lang; t: T; checked: boolean }) {
  const id = useId();
  // Drawn once the page runs: a browser without passkeys (or without scripts) has the secret only.
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(typeof window.PublicKeyCredential === 'function'), []);
  const { form, row, set, submitLabel, pending, problem } = useForm({
    spec: ADMIN_SIGN_IN_FORM,
    t,
    silent: true,
    send: (values) => call('POST /api/admin/session', { name: String(values.username).trim(), secret: String(values.password).trim() }),
    sent: (session) => $admin.set(session),
    failed: () => set('password', ''),
  });

  return (
    <section className={`card admin-sign-in${checked ? '' : ' admin-unchecked'}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.signInTitle')}</h2>
      <p className="note">{t('admin.signInLead')}</p>
      <form className="form-grid" {...form}>
        <FormKeys spec={ADMIN_SIGN_IN_FORM} lang={lang} />
        {row('username', { autoComplete: 'username', dir: 'auto' })}
        {row('password', { autoComplete: 'current-password', dir: 'ltr' })}
        <FormProblem problem={problem} className="admin-problem" />
        <button className="button" type="submit" disabled={pending}>
          {submitLabel}
        </button>
        {passkeys && (
          <button type="button" className="button secondary" onClick={() => void passkeySignIn(t)}>
            {t('admin.passkeySignIn')}
          </button>
        )}
      </form>
    </section>
  );
}

/** What a list shows when it could not load. */
export function ListFailed({ t, reload }: { t: T; reload: () => Promise<void> }) {
  return (
    <div className="card">
      <p>{t('common.loadFailed')}</p>
      <button className="button secondary" type="button" onClick={() => void reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { Responder, ResponderInvite } from '../../common/contract/responders.ts';
import { LIMITS } from '../../common/contract/limits.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import { formatDateTime } from '../../common/format.ts';
import { ApiError, failureCause } from '../../client/api.ts';
import { showToast } from '../../client/toast.ts';
import { adminApi, type T } from './AdminGate.tsx';
import { adminIsland, deskAction, DeskItems, useDeskList } from './desk.tsx';

const STATUS: Record<Responder['status'], MessageKey> = {
  invited: 'admin.responderStatus.invited',
  active: 'admin.responderStatus.active',
  paused: 'admin.responderStatus.paused',
  removed: 'admin.responderRemove',
};

/** /responders-admin: the moderators' desk of rapid responders. */
export default adminIsland(Responders);

/**
 * Rapid responders: invite one (a pseudonym, the network the public sees, the counties covered)
 * and hand over the one-time link shown once; give a new link, pause, resume or remove.
 */
function Responders({ lang, t, counties }: { lang: Lang; t: T; counties: string[] }) {
  const id = useId();
  const list = useDeskList<Responder>('/responders');
  const act = deskAction(t, list.reload);
  const [link, setLink] = useState<(ResponderInvite & { url: string }) | null>(null);
  const [pending, setPending] = useState(false);

  const shown = (made: ResponderInvite) => {
    // The page's language is the responder's too, unless they choose another.
    setLink({ ...made, url: new URL(localizePath('/respond', lang) + made.link.slice('/respond'.length), location.origin).href });
    showToast({ title: t('admin.responderInvited'), variant: 'success' });
    return list.reload();
  };

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const made = await adminApi<ResponderInvite>('/responders', {
        method: 'POST',
        body: JSON.stringify({ name: form.get('name'), network: form.get('network'), counties: form.getAll('county') }),
      });
      (event.target as HTMLFormElement).reset();
      await shown(made);
    } catch (error) {
      // What was typed stays.
      if (!(error instanceof ApiError && error.status === 401))
        showToast({
          title: t('admin.actionFailed'),
          description: error instanceof ApiError && error.status === 400 ? error.detail : t('admin.actionFailedText'),
          variant: 'destructive',
          cause: failureCause(error),
        });
    } finally {
      setPending(false);
    }
  }

  async function newLink(responder: Responder) {
    try {
      await shown(await adminApi<ResponderInvite>(`/responders/${responder.id}/invite`, { method: 'POST' }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) showToast({ title: t('admin.actionFailed'), variant: 'destructive', cause: failureCause(error) });
    }
  }

  return (
    <section className="admin-responders" aria-label={t('respondersAdmin.title')}>
      <form className="card admin-form form-grid two" onSubmit={(event) => void invite(event)}>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('admin.responderName')}</label>
          <input id={`${id}-name`} name="name" required maxLength={LIMITS.name} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-network`}>{t('admin.responderNetwork')}</label>
          <input id={`${id}-network`} name="network" required maxLength={LIMITS.name} autoComplete="off" />
        </div>
        <fieldset className="field wide">
          <legend>{t('admin.responderCounties')}</legend>
          <div className="county-choice">
            {counties.map((county) => (
              <label className="choice-option" key={county}>
                <input type="checkbox" name="county" value={county} />
                {county}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="admin-form-actions wide">
          <button className="button" type="submit" disabled={pending}>
            {t('admin.responderInvite')}
          </button>
        </div>
      </form>
      {link && (
        <div className="card field responder-link" role="status">
          <p>{t('admin.responderLink', { name: link.responder.name, date: formatDateTime(link.expiresAt, lang) })}</p>
          <input readOnly value={link.url} dir="ltr" aria-label={t('admin.responderNewLink')} onFocus={(event) => event.target.select()} />
        </div>
      )}
      <DeskItems t={t} list={list} empty="admin.noResponders">
        {(items) =>
          items.map((responder) => (
            <li key={responder.id} className="card admin-item" data-responder-id={responder.id}>
              <p>
                <strong>
                  <bdi>{responder.name}</bdi>
                </strong>{' '}
                · <bdi>{responder.network}</bdi> · <span className="badge plain">{t(STATUS[responder.status])}</span>
              </p>
              <p className="note">
                {responder.counties.join(', ')} · {t('admin.responderPasskeys', { count: responder.passkeys })}
              </p>
              <div className="admin-actions">
                <button type="button" className="button secondary small" onClick={() => void newLink(responder)}>
                  {t('admin.responderNewLink')}
                </button>
                {responder.status === 'paused' ? (
                  <button type="button" className="button secondary small" onClick={() => void act(`/responders/${responder.id}/resume`, 'admin.responderDone')}>
                    {t('admin.responderResume')}
                  </button>
                ) : (
                  <button type="button" className="button secondary small" onClick={() => void act(`/responders/${responder.id}/pause`, 'admin.responderDone')}>
                    {t('admin.responderPause')}
                  </button>
                )}
                <button
                  type="button"
                  className="button danger small"
                  onClick={() => {
                    // Removing cannot be undone: their passkeys are forgotten.
                    if (window.confirm(t('admin.responderRemoveConfirm', { name: responder.name }))) void act(`/responders/${responder.id}/remove`, 'admin.responderDone');
                  }}
                >
                  {t('admin.responderRemove')}
                </button>
              </div>
            </li>
          ))
        }
      </DeskItems>
    </section>
  );
}

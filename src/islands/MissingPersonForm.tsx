import { useState } from 'react';
import type { LostFoundPost } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { call } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { rememberPost } from '../lib/my-posts.ts';
import { expectOwnEvent } from '../lib/own-posts.ts';
import { FormKeys, useForm, type Values } from '../lib/use-form.tsx';
import { PhotoField } from './PhotoField.tsx';

const today = () => new Date().toLocaleDateString('en-CA');
const text = (values: Values, name: string) => String(values[name] ?? '');

/**
 * A missing person: 'inline' on /lost-found, or 'submit' on /submit-missing, where the contact
 * is required too. Both carry one photo. Keeps what was typed when the server refuses.
 */
export function MissingPersonForm({ variant, lang, t, onPosted }: { variant: 'inline' | 'submit'; lang: Lang; t: (key: MessageKey, vars?: Vars) => string; onPosted?: (post: LostFoundPost) => void }) {
  const spec = FORMS[variant === 'submit' ? 'submitMissing' : 'lostFound'];
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const { form, field, labelFor, submitLabel, pending } = useForm({
    spec,
    t,
    busy: photo.uploading,
    send: (values) => {
      const body = { name: text(values, 'name'), lastSeenCity: text(values, 'lastSeenCity'), lastSeenDate: text(values, 'lastSeenDate'), description: text(values, 'description'), contact: text(values, 'contact'), photoUrl: photo.url };
      // The room may echo the post back before its response arrives, so say so before sending.
      expectOwnEvent({ event: 'new-missing-person', data: { name: body.name.trim(), lastSeenCity: body.lastSeenCity.trim() || null } });
      return call('POST /api/lost-found', body);
    },
    sent: ({ manageToken, ...created }) => {
      rememberPost({ kind: 'missing', id: created.id, token: manageToken, title: created.name, createdAt: created.createdAt });
      setPhoto({ url: null, uploading: false });
      onPosted?.(created);
      return { description: t('lostFound.manageSaved'), duration: 8000 };
    },
  });
  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      <div className="field">
        {labelFor('name')}
        <input {...field('name')} autoComplete="off" />
      </div>
      <div className="field">
        {labelFor('lastSeenCity')}
        <input {...field('lastSeenCity')} autoComplete="off" />
      </div>
      <div className="field">
        {labelFor('lastSeenDate')}
        <input {...field('lastSeenDate')} type="date" max={today()} />
      </div>
      <div className="field">
        {labelFor('description')}
        <textarea {...field('description')} aria-describedby={`${field('description').id}-hint`} />
        <span className="hint" id={`${field('description').id}-hint`}>
          {t('lostFound.descriptionHint')}
        </span>
      </div>
      <div className="field">
        {labelFor('contact')}
        <input {...field('contact')} autoComplete="off" aria-describedby={`${field('contact').id}-hint`} />
        <span className="hint" id={`${field('contact').id}-hint`}>
          {t('lostFound.contactHint')}
        </span>
      </div>
      <PhotoField kind="missing-persons" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
      <button className="button" type="submit" disabled={pending || photo.uploading}>
        {submitLabel}
      </button>
    </form>
  );
}

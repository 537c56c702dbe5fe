import { lazy, Suspense, useEffect, useState } from 'react';
import type { LostFoundPost } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { call } from '../../client/api.ts';
import { LOST_FOUND_FORM, SUBMIT_MISSING_FORM } from '../../common/forms/missing.ts';
import { rememberPost } from '../../client/my-posts.ts';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';
import { PhotoField } from '../shared/PhotoField.tsx';

const today = () => new Date().toLocaleDateString('en-CA');
const text = (values: Values, name: string) => String(values[name] ?? '');

/** Records posted under a name like the one typed are shown from this many characters; their code loads then. */
const MATCH_MIN = 3;
const PossibleMatches = lazy(() => import('./PossibleMatches.tsx').catch(() => ({ default: () => null })));

/**
 * A missing person: 'inline' on /lost-found, or 'submit' on /submit-missing, where the contact
 * is required too. Both carry one photo. Keeps what was typed when the server refuses.
 */
export function MissingPersonForm({
  variant,
  lang,
  t,
  onPosted,
  prefill,
}: {
  variant: 'inline' | 'submit';
  lang: Lang;
  t: (key: MessageKey, vars?: Vars) => string;
  onPosted?: (post: LostFoundPost) => void;
  /** A name to put in the form and focus (a search that found no one); a new object each time. */
  prefill?: { name: string } | null;
}) {
  const spec = variant === 'submit' ? SUBMIT_MISSING_FORM : LOST_FOUND_FORM;
  const [photo, setPhoto] = useState<{ url: string | null; uploading: boolean }>({ url: null, uploading: false });
  const { form, row, submitLabel, pending, values, set } = useForm({
    spec,
    t,
    busy: photo.uploading,
    send: (values) => {
      const body = {
        name: text(values, 'name'),
        lastSeenCity: text(values, 'lastSeenCity'),
        lastSeenDate: text(values, 'lastSeenDate'),
        description: text(values, 'description'),
        contact: text(values, 'contact'),
        showContact: values.showContact === true,
        sharePhoto: values.sharePhoto === true,
        lang,
        photoUrl: photo.url,
      };
      return call('POST /api/lost-found', body);
    },
    sent: ({ manageToken, ...created }) => {
      rememberPost({ kind: 'missing', id: created.id, token: manageToken, title: created.name, createdAt: created.createdAt });
      setPhoto({ url: null, uploading: false });
      onPosted?.(created);
      return { description: t('lostFound.manageSaved'), duration: 8000 };
    },
  });

  useEffect(() => {
    if (!prefill) return;
    set('name', prefill.name);
    form.ref.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
    // Only a new prefill fills the form: `set` and the ref do the same on every render.
  }, [prefill]);

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      {row('name', { autoComplete: 'off' })}
      <div className="matches" aria-live="polite">
        {[...text(values, 'name').trim()].length >= MATCH_MIN && (
          <Suspense fallback={null}>
            <PossibleMatches name={text(values, 'name')} city={text(values, 'lastSeenCity')} lang={lang} t={t} />
          </Suspense>
        )}
      </div>
      {row('lastSeenCity', { autoComplete: 'off' })}
      {row('lastSeenDate', { max: today() })}
      {row('description', { hint: t('lostFound.descriptionHint') })}
      {row('contact', { autoComplete: 'off', hint: t('lostFound.contactHint') })}
      {row('showContact', { hint: t('post.showContactHint') })}
      <PhotoField kind="missing-persons" t={t} url={photo.url} onChange={(url, uploading) => setPhoto({ url, uploading })} />
      {row('sharePhoto', { hint: t('lostFound.sharePhotoHint') })}
      <button className="button" type="submit" disabled={pending || photo.uploading}>
        {submitLabel}
      </button>
    </form>
  );
}

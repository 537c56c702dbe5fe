import { useCallback, useId, useState, type FormEvent } from 'react';
import type { AssistanceRequest, Created, SurplusOffer } from '../contract/index.ts';
import { LIMITS, OFFER_CATEGORIES, OFFER_CONDITIONS, REQUEST_CATEGORIES, URGENCIES } from '../contract/limits.ts';
import type { Lang } from '../i18n/languages.ts';
import type { MessageKey, Vars } from '../i18n/messages.ts';
import { ApiError, failureCause, postJson } from '../lib/api.ts';
import { FORMS } from '../lib/forms.ts';
import { FormKeys, postedForm } from '../lib/use-form.tsx';
import { rememberPost } from '../lib/my-posts.ts';
import { showToast } from '../lib/toast.ts';
import { MediaField, type MediaValue } from './MediaField.tsx';

type T = (key: MessageKey, vars?: Vars) => string;
type Kind = 'request' | 'offer';

const EMPTY = { title: '', category: '', urgency: '', condition: '', description: '', city: '', availability: '', contactName: '', contactMethod: '' };
type Form = typeof EMPTY;
type Field = keyof Form;

/** Each kind's fields in the order they are checked, with the spec's message for a blank one (section 5). */
const CHECKS: Record<Kind, [Field, MessageKey][]> = {
  request: [
    ['title', 'help.needTitleRequired'],
    ['category', 'help.requestCategoryRequired'],
    ['urgency', 'help.urgencyRequired'],
    ['description', 'help.requestDetailsRequired'],
    ['contactName', 'help.nameRequired'],
    ['contactMethod', 'help.contactRequired'],
  ],
  offer: [
    ['title', 'help.offerTitleRequired'],
    ['category', 'help.offerCategoryRequired'],
    ['description', 'help.offerDetailsRequired'],
    ['contactName', 'help.nameRequired'],
    ['contactMethod', 'help.contactRequired'],
  ],
};

const NO_MEDIA: MediaValue = { imageUrls: [], videoUrl: null, uploading: false };

/** The message for a failed post: the server's reason when people can act on it, else the spec's fallback. */
export const failureText = (error: unknown, t: T) =>
  error instanceof ApiError && error.status === 429 ? t('help.tooMany') : error instanceof ApiError && error.status === 404 ? t('help.gone') : t('help.errorText');

/**
 * Request Community Help, or Share What You Have. What was typed stays when the server refuses;
 * after a post the form empties, the device keeps the post's manage link, and `onPosted` runs.
 */
export function HelpPostForm({ kind, lang, t, onPosted }: { kind: Kind; lang: Lang; t: T; onPosted: (post: AssistanceRequest | SurplusOffer) => void }) {
  const spec = FORMS[kind];
  const [form, setForm] = useState<Form>(EMPTY);
  const [media, setMedia] = useState<MediaValue>(NO_MEDIA);
  const [mediaKey, setMediaKey] = useState(0);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onMedia = useCallback((value: MediaValue) => setMedia(value), []);
  const id = useId();
  const isRequest = kind === 'request';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const blank = CHECKS[kind].find(([field]) => !form[field].trim());
    if (blank) {
      const [field, message] = blank;
      setInvalid(field);
      setProblem(t(message));
      element.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      showToast({ title: t(message), variant: 'destructive' });
      return;
    }
    setPending(true);
    setProblem(null);
    const { urgency, condition, availability, ...shared } = form;
    const body = { ...shared, ...(isRequest ? { urgency } : { condition, availability }), imageUrls: media.imageUrls, videoUrl: media.videoUrl };
    try {
      const created = await postJson<Created<AssistanceRequest | SurplusOffer>>(isRequest ? '/api/assistance-requests' : '/api/surplus-offers', body);
      const { manageToken, ...post } = created;
      rememberPost({ kind, id: post.id, token: manageToken, title: post.title, createdAt: post.createdAt });
      setForm(EMPTY);
      setMedia(NO_MEDIA);
      setMediaKey((key) => key + 1);
      showToast({ title: t(isRequest ? 'help.requestPosted' : 'help.offerPosted'), description: t('help.postedText'), variant: 'success', duration: 8000 });
      onPosted(post);
    } catch (error) {
      const text = failureText(error, t);
      setProblem(text);
      showToast({ title: t(isRequest ? 'help.errorRequest' : 'help.errorOffer'), description: text, variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      if (invalid === name) setInvalid(null);
    },
    'aria-invalid': invalid === name || undefined,
  });
  const required = <span className="required-mark" aria-hidden="true">*</span>;
  const label = (name: Field, key: MessageKey, isRequired = false) => (
    <label htmlFor={`${id}-${name}`}>
      {t(key)} {isRequired && required}
    </label>
  );
  const choices = (name: Field, prompt: MessageKey, values: readonly string[], keyOf: (value: string) => MessageKey) => (
    <select {...field(name)} aria-required={name !== 'condition' || undefined}>
      <option value="">{t(prompt)}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {t(keyOf(value))}
        </option>
      ))}
    </select>
  );

  return (
    <form className="form-grid" {...postedForm(spec)} onSubmit={submit} noValidate>
      <FormKeys spec={spec} lang={lang} />
      <p className="note">{t(isRequest ? 'help.requestLead' : 'help.offerLead')}</p>
      <div className="field">
        {label('title', isRequest ? 'help.fieldNeed' : 'help.fieldOffer', true)}
        <input {...field('title')} autoComplete="off" maxLength={LIMITS.name} aria-required="true" />
      </div>
      <div className="field">
        {label('category', 'help.fieldCategory', true)}
        {choices('category', 'help.chooseCategory', isRequest ? REQUEST_CATEGORIES : OFFER_CATEGORIES, (value) => `help.category.${value}` as MessageKey)}
      </div>
      {isRequest ? (
        <div className="field">
          {label('urgency', 'help.fieldUrgency', true)}
          {choices('urgency', 'help.chooseUrgency', URGENCIES, (value) => `help.urgency.${value}` as MessageKey)}
        </div>
      ) : (
        <div className="field">
          {label('condition', 'help.fieldCondition')}
          {choices('condition', 'help.chooseCondition', OFFER_CONDITIONS, (value) => `help.condition.${value}` as MessageKey)}
        </div>
      )}
      <div className="field">
        {label('description', 'help.fieldDescription', true)}
        <textarea {...field('description')} maxLength={LIMITS.description} aria-required="true" />
      </div>
      <div className="field">
        {label('city', 'help.fieldCity')}
        <input {...field('city')} autoComplete="address-level2" maxLength={LIMITS.city} />
      </div>
      {!isRequest && (
        <div className="field">
          {label('availability', 'help.fieldAvailability')}
          <input {...field('availability')} autoComplete="off" maxLength={LIMITS.contact} />
        </div>
      )}
      <div className="field">
        {label('contactName', 'help.fieldContactName', true)}
        <input {...field('contactName')} autoComplete="given-name" maxLength={LIMITS.name} aria-required="true" aria-describedby={`${id}-name-hint`} />
        <span className="hint" id={`${id}-name-hint`}>
          {t('help.fieldContactNameHint')}
        </span>
      </div>
      <div className="field">
        {label('contactMethod', 'help.fieldContactMethod', true)}
        <input {...field('contactMethod')} autoComplete="off" maxLength={LIMITS.contact} aria-required="true" aria-describedby={`${id}-contact-hint`} />
        <span className="hint" id={`${id}-contact-hint`}>
          {t('help.fieldContactMethodHint')}
        </span>
      </div>
      <MediaField key={mediaKey} mediaType={isRequest ? 'assistance-requests' : 'surplus-offers'} t={t} onChange={onMedia} />
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button className="button" type="submit" disabled={pending || media.uploading}>
        {pending ? t('help.posting') : media.uploading ? t('help.mediaWait') : t(isRequest ? 'help.postRequest' : 'help.postOffer')}
      </button>
    </form>
  );
}

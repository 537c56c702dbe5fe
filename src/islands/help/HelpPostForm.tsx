import { useCallback, useState } from 'react';
import type { AssistanceRequest, Created, SurplusOffer } from '../../common/contract/index.ts';
import type { OfferCategory, OfferCondition, RequestCategory, Urgency } from '../../common/contract/limits.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { call } from '../../client/api.ts';
import { OFFER_FORM, REQUEST_FORM } from '../../common/forms/help.ts';
import { rememberPost } from '../../client/my-posts.ts';
import { FormKeys, FormProblem, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';
import { MediaField, type MediaValue } from '../shared/MediaField.tsx';

type T = (key: MessageKey, vars?: Vars) => string;
type Kind = 'request' | 'offer';

const NO_MEDIA: MediaValue = { imageUrls: [], videoUrl: null, uploading: false };

/** The body of a post: the kind's own fields and the shared ones, with the media uploaded so far. */
function bodyOf(values: Values, media: MediaValue, lang: Lang) {
  const text = (name: string) => String(values[name] ?? '');
  return {
    title: text('title'),
    description: text('description'),
    city: text('city'),
    contactName: text('contactName'),
    contactMethod: text('contactMethod'),
    showContact: values.showContact === true,
    lang,
    imageUrls: media.imageUrls,
    videoUrl: media.videoUrl,
  };
}

/**
 * Request Community Help, or Share What You Have. What was typed stays when the server refuses;
 * after a post the form empties, the device keeps the post's manage link, and `onPosted` runs.
 */
export function HelpPostForm({ kind, lang, t, onPosted }: { kind: Kind; lang: Lang; t: T; onPosted: (post: AssistanceRequest | SurplusOffer) => void }) {
  const spec = kind === 'request' ? REQUEST_FORM : OFFER_FORM;
  const isRequest = kind === 'request';
  const [media, setMedia] = useState<MediaValue>(NO_MEDIA);
  const [mediaKey, setMediaKey] = useState(0);
  const onMedia = useCallback((value: MediaValue) => setMedia(value), []);
  const { form, row, submitLabel, pending, problem } = useForm({
    spec,
    t,
    inline: true,
    busy: media.uploading,
    send: (values): Promise<Created<AssistanceRequest | SurplusOffer>> =>
      isRequest
        ? call('POST /api/assistance-requests', { ...bodyOf(values, media, lang), category: values.category as RequestCategory, urgency: values.urgency as Urgency })
        : call('POST /api/surplus-offers', {
            ...bodyOf(values, media, lang),
            category: values.category as OfferCategory,
            condition: (values.condition || null) as OfferCondition | null,
            availability: String(values.availability ?? ''),
          }),
    sent: ({ manageToken, ...post }) => {
      rememberPost({ kind, id: post.id, token: manageToken, title: post.title, createdAt: post.createdAt });
      setMedia(NO_MEDIA);
      setMediaKey((key) => key + 1);
      onPosted(post);
      return { description: t('help.postedText'), duration: 8000 };
    },
  });

  return (
    <form className="form-grid" {...form}>
      <FormKeys spec={spec} lang={lang} />
      <p className="note">{t(isRequest ? 'help.requestLead' : 'help.offerLead')}</p>
      {row('title', { autoComplete: 'off' })}
      {row('category')}
      {row(isRequest ? 'urgency' : 'condition')}
      {row('description')}
      {row('city', { autoComplete: 'address-level2' })}
      {!isRequest && row('availability', { autoComplete: 'off' })}
      {row('contactName', { autoComplete: 'given-name', hint: t('help.fieldContactNameHint') })}
      {row('contactMethod', { autoComplete: 'off', hint: t('help.fieldContactMethodHint') })}
      {row('showContact', { hint: t('post.showContactHint') })}
      <MediaField key={mediaKey} mediaType={isRequest ? 'assistance-requests' : 'surplus-offers'} t={t} onChange={onMedia} />
      <FormProblem problem={problem} />
      <button className="button" type="submit" disabled={pending || media.uploading}>
        {media.uploading && !pending ? t('help.mediaWait') : submitLabel}
      </button>
    </form>
  );
}

/** The help flow's forms: post a request or an offer, and answer one (Offer Help, Contact Owner). */
import { LIMITS, OFFER_CATEGORIES, OFFER_CONDITIONS, REQUEST_CATEGORIES, URGENCIES } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { area, choice, text, type FieldSpec, type FormSpec, type Notice } from './kit.ts';

const HELP_REFUSALS = {
  404: { text: 'help.gone' },
  429: { text: 'help.tooMany' },
} satisfies FormSpec['refusals'];
const helpFields = (kind: 'request' | 'offer'): FieldSpec[] => {
  const request = kind === 'request';
  const categories = request ? REQUEST_CATEGORIES : OFFER_CATEGORIES;
  const needs = (title: MessageKey): Notice => ({ title });
  return [
    text('title', request ? 'help.fieldNeed' : 'help.fieldOffer', LIMITS.name, needs(request ? 'help.needTitleRequired' : 'help.offerTitleRequired')),
    {
      ...choice(
        'category',
        'help.fieldCategory',
        categories,
        (value) => `help.category.${value}` as MessageKey,
        needs(request ? 'help.requestCategoryRequired' : 'help.offerCategoryRequired'),
      ),
      prompt: 'help.chooseCategory',
    },
    ...(request
      ? [
          {
            ...choice('urgency', 'help.fieldUrgency', URGENCIES, (value) => `help.urgency.${value}` as MessageKey, needs('help.urgencyRequired')),
            prompt: 'help.chooseUrgency' as const,
          },
        ]
      : [{ ...choice('condition', 'help.fieldCondition', OFFER_CONDITIONS, (value) => `help.condition.${value}` as MessageKey), prompt: 'help.chooseCondition' as const }]),
    area('description', 'help.fieldDescription', LIMITS.description, needs(request ? 'help.requestDetailsRequired' : 'help.offerDetailsRequired')),
    { ...text('city', 'help.fieldCity', LIMITS.city), kind: 'place' },
    ...(request ? [] : [text('availability', 'help.fieldAvailability', LIMITS.contact)]),
    text('contactName', 'help.fieldContactName', LIMITS.name, needs('help.nameRequired')),
    text('contactMethod', 'help.fieldContactMethod', LIMITS.contact, needs('help.contactRequired')),
    { name: 'showContact', label: 'post.showContact', kind: 'checkbox', hint: 'post.showContactHint' },
  ];
};

/** Post a request, or an offer (spec section 5's checks, in order); both answer a manage secret. */
function helpPostSpec(kind: 'request' | 'offer') {
  const request = kind === 'request';
  return {
    id: kind,
    action: request ? '/api/assistance-requests' : '/api/surplus-offers',
    fields: helpFields(kind),
    submit: request ? 'help.postRequest' : 'help.postOffer',
    pending: 'help.posting',
    success: { title: request ? 'help.requestPosted' : 'help.offerPosted' },
    failure: { title: request ? 'help.errorRequest' : 'help.errorOffer', text: 'help.errorText' },
    refusals: HELP_REFUSALS,
    back: '/',
    manage: kind,
    sendsLang: true,
  } satisfies FormSpec;
}

/** Offer Help to a request, or Contact Owner of an offer: name, contact and message, all required. */
function responseSpec(id: 'offerHelp' | 'claimItem') {
  const helping = id === 'offerHelp';
  const missing: Notice = { title: 'help.requiredMissing', text: 'help.requiredMissingText' };
  return {
    id,
    action: '/api/assistance-responses',
    fixed: { responseType: helping ? 'offer_help' : 'claim_item' },
    fields: [
      text('responderName', 'help.yourName', LIMITS.name, missing),
      text('responderContact', 'help.yourContact', LIMITS.contact, missing),
      area('message', 'help.message', LIMITS.description, missing),
      { name: helping ? 'requestId' : 'offerId', label: 'help.message', kind: 'hidden' },
    ],
    submit: helping ? 'help.sendOffer' : 'help.sendMessage',
    pending: 'help.submitting',
    success: { title: helping ? 'help.responseSent' : 'help.messageSent', text: 'help.sentText' },
    failure: { title: helping ? 'help.errorResponse' : 'help.errorMessage', text: 'help.errorText' },
    refusals: HELP_REFUSALS,
    back: '/',
  } satisfies FormSpec;
}

export const REQUEST_FORM = helpPostSpec('request');

export const OFFER_FORM = helpPostSpec('offer');

export const OFFER_HELP_FORM = responseSpec('offerHelp');

export const CLAIM_ITEM_FORM = responseSpec('claimItem');

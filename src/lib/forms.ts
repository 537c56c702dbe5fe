/**
 * Every public form (and the admin sign-in) described once: its API address, its fields with
 * their labels, caps and the spec's message when a required one is blank (in the spec's order),
 * and its success and failure texts. The islands draw and check their forms from it; the server
 * (functions/form-posts.ts) reads the same description to take a form posted without JavaScript
 * and answer a result page. No React and no zod here, so both sides can import it.
 */
import {
  ENFORCEMENT_ACTIVITIES,
  ENFORCEMENT_TYPE,
  INLINE_ALERT_TYPES,
  LIMITS,
  OFFER_CATEGORIES,
  OFFER_CONDITIONS,
  PRECISIONS,
  REQUEST_CATEGORIES,
  RESOURCE_CATEGORIES,
  SUBMIT_ALERT_TYPES,
  URGENCIES,
} from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { ACTIVITY_KEYS, ALERT_TYPE_KEYS } from '../i18n/values.ts';
import type { MyPostKind } from './my-posts.ts';

/** Caps the contract's schemas state without a name in LIMITS yet (count: agents and vehicles). */
export const CAPS = { ...LIMITS, address: 200, phone: 40, markings: 300, secret: 200, count: 999 } as const;

export interface Notice {
  title: MessageKey;
  text?: MessageKey;
}

export interface FieldSpec {
  /** The input's name, which is the contract's field unless `key` says otherwise. */
  name: string;
  /** The contract field, when the input is named for the browser (the sign-in's username/password). */
  key?: string;
  label: MessageKey;
  kind?: 'text' | 'textarea' | 'date' | 'datetime' | 'number' | 'checkbox' | 'select' | 'radio' | 'secret' | 'tel' | 'hidden';
  max?: number;
  /** The values of a select or radio group, with the key of each one's label. */
  options?: readonly string[];
  optionLabel?: (value: string) => MessageKey;
  /** A select's empty first choice ("Choose a category"), when it starts with none. */
  prompt?: MessageKey;
  /** The spec's message when this field is left blank. */
  required?: Notice;
  /** What the field holds before anyone types (a select's first choice, a checked box). */
  initial?: string | boolean;
}

/** The input type of each kind of field that is not plain text (the islands' and the result page's). */
export const INPUT_TYPES: Partial<Record<NonNullable<FieldSpec['kind']>, string>> = { date: 'date', datetime: 'datetime-local', number: 'number', tel: 'tel', secret: 'password' };

export interface FormSpec {
  /** Sent as the hidden `form` field, so the server knows which description a post follows. */
  id: string;
  /** The API address; `:id` stands for the item the form answers (a drop, a request). */
  action: string;
  fields: readonly FieldSpec[];
  /** Values the form always sends (the report's alert type, a response's kind). */
  fixed?: Record<string, string>;
  submit: MessageKey;
  pending: MessageKey;
  /** The success toast; `{name}`-style placeholders take the answer's fields. */
  success: Notice;
  failure: Notice;
  /** Refusals with words of their own, by HTTP status (429: too many posts from this connection). */
  refusals?: Partial<Record<number, Partial<Notice>>>;
  /** The page to go back to (without the language prefix). */
  back: string;
  /** The form sends the page's language too (the language of the texts it subscribes to). */
  sendsLang?: boolean;
  /** Posts that answer a private manage secret: the kind in the manage link. */
  manage?: MyPostKind;
}

const text = (name: string, label: MessageKey, max: number, required?: Notice): FieldSpec => ({ name, label, max, ...(required ? { required } : {}) });
const area = (name: string, label: MessageKey, max: number, required?: Notice): FieldSpec => ({ ...text(name, label, max, required), kind: 'textarea' });
const choice = (name: string, label: MessageKey, options: readonly string[], optionLabel: (value: string) => MessageKey, required?: Notice): FieldSpec => ({
  name,
  label,
  kind: 'select',
  options,
  optionLabel,
  ...(required ? { required } : {}),
});

const HELP_REFUSALS = {
  404: { text: 'help.gone' },
  429: { text: 'help.tooMany' },
} satisfies FormSpec['refusals'];
const alertTypeLabel = (value: string) => ALERT_TYPE_KEYS[value as keyof typeof ALERT_TYPE_KEYS];
const precision: FieldSpec = {
  name: 'precision',
  label: 'alerts.precision',
  kind: 'radio',
  options: PRECISIONS,
  optionLabel: (value) => (value === 'BROAD' ? 'alerts.precisionBroad' : 'alerts.precisionPrecise'),
  initial: 'BROAD',
};

const ALERTS_REQUIRED: Notice = { title: 'alerts.requiredTitle', text: 'alerts.requiredText' };
const ALERT_REFUSALS = {
  409: { title: 'alerts.duplicateTitle', text: 'alerts.duplicateText' },
  429: { title: 'alerts.rateLimitedTitle', text: 'alerts.rateLimitedText' },
} satisfies FormSpec['refusals'];
const ICE_REQUIRED: Notice = { title: 'ice.requiredTitle', text: 'ice.requiredText' };

const helpFields = (kind: 'request' | 'offer'): FieldSpec[] => {
  const request = kind === 'request';
  const categories = request ? REQUEST_CATEGORIES : OFFER_CATEGORIES;
  const needs = (title: MessageKey): Notice => ({ title });
  return [
    text('title', request ? 'help.fieldNeed' : 'help.fieldOffer', LIMITS.name, needs(request ? 'help.needTitleRequired' : 'help.offerTitleRequired')),
    { ...choice('category', 'help.fieldCategory', categories, (value) => `help.category.${value}` as MessageKey, needs(request ? 'help.requestCategoryRequired' : 'help.offerCategoryRequired')), prompt: 'help.chooseCategory' },
    ...(request
      ? [{ ...choice('urgency', 'help.fieldUrgency', URGENCIES, (value) => `help.urgency.${value}` as MessageKey, needs('help.urgencyRequired')), prompt: 'help.chooseUrgency' as const }]
      : [{ ...choice('condition', 'help.fieldCondition', OFFER_CONDITIONS, (value) => `help.condition.${value}` as MessageKey), prompt: 'help.chooseCondition' as const }]),
    area('description', 'help.fieldDescription', LIMITS.description, needs(request ? 'help.requestDetailsRequired' : 'help.offerDetailsRequired')),
    text('city', 'help.fieldCity', LIMITS.city),
    ...(request ? [] : [text('availability', 'help.fieldAvailability', LIMITS.contact)]),
    text('contactName', 'help.fieldContactName', LIMITS.name, needs('help.nameRequired')),
    text('contactMethod', 'help.fieldContactMethod', LIMITS.contact, needs('help.contactRequired')),
  ];
};

/** A missing person: the inline form on /lost-found, or /submit-missing where the contact is required too. */
function lostFoundSpec(id: 'lostFound' | 'submitMissing') {
  const submitPage = id === 'submitMissing';
  return {
    id,
    action: '/api/lost-found',
    fields: [
      text('name', 'lostFound.name', LIMITS.name, { title: 'lostFound.nameRequired', text: submitPage ? 'submitMissing.nameRequiredText' : 'lostFound.nameRequiredText' }),
      text('lastSeenCity', 'lostFound.lastSeenCity', LIMITS.city),
      { name: 'lastSeenDate', label: 'lostFound.lastSeenDate', kind: 'date' },
      area('description', 'lostFound.description', LIMITS.description),
      text('contact', 'lostFound.contact', LIMITS.contact, submitPage ? { title: 'submitMissing.contactRequired', text: 'submitMissing.contactRequiredText' } : undefined),
    ],
    submit: submitPage ? 'submitMissing.submit' : 'lostFound.submit',
    pending: submitPage ? 'submitMissing.submitting' : 'lostFound.submitting',
    success: { title: submitPage ? 'submitMissing.success' : 'lostFound.success' },
    failure: { title: submitPage ? 'submitMissing.error' : 'lostFound.errorTitle', text: 'lostFound.errorText' },
    back: '/lost-found',
    manage: 'missing',
  } satisfies FormSpec;
}

/** A community alert: the inline form on /alerts (three types), or /submit-alert (every type, a contact). */
function alertSpec(id: 'alert' | 'submitAlert') {
  const submitPage = id === 'submitAlert';
  return {
    id,
    action: '/api/alerts',
    fields: [
      { ...choice('type', 'alerts.type', submitPage ? SUBMIT_ALERT_TYPES : INLINE_ALERT_TYPES, alertTypeLabel), initial: 'Community Notice' },
      precision,
      text('city', 'alerts.city', LIMITS.city, ALERTS_REQUIRED),
      text('area', 'alerts.area', LIMITS.city),
      area('details', 'alerts.details', LIMITS.description, submitPage ? { title: 'submitAlert.detailsRequiredTitle', text: 'submitAlert.detailsRequiredText' } : ALERTS_REQUIRED),
      { name: 'alertTime', label: 'alerts.alertTime', kind: 'datetime' },
      ...(submitPage ? [text('contact', 'alerts.contact', LIMITS.contact)] : []),
    ],
    submit: submitPage ? 'submitAlert.submit' : 'alerts.submit',
    pending: submitPage ? 'submitAlert.submitting' : 'alerts.submitting',
    success: { title: submitPage ? 'submitAlert.success' : 'alerts.success' },
    failure: { title: submitPage ? 'submitAlert.errorTitle' : 'alerts.errorTitle', text: 'alerts.errorText' },
    refusals: ALERT_REFUSALS,
    back: '/alerts',
  } satisfies FormSpec;
}

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

export const FORMS = {
  sos: {
    id: 'sos',
    action: '/api/sos',
    fields: [
      text('city', 'sos.city', LIMITS.city),
      area('details', 'sos.details', LIMITS.description, { title: 'sos.detailsRequired', text: 'sos.detailsRequiredText' }),
      text('contact', 'sos.contact', LIMITS.contact),
    ],
    submit: 'sos.submit',
    pending: 'sos.submitting',
    success: { title: 'sos.sent', text: 'sos.sentText' },
    failure: { title: 'sos.error', text: 'sos.errorText' },
    back: '/sos',
  },
  lostFound: lostFoundSpec('lostFound'),
  submitMissing: lostFoundSpec('submitMissing'),
  alert: alertSpec('alert'),
  submitAlert: alertSpec('submitAlert'),
  iceReport: {
    id: 'iceReport',
    action: '/api/alerts',
    fixed: { type: ENFORCEMENT_TYPE },
    fields: [
      { ...choice('activity', 'ice.activity', ENFORCEMENT_ACTIVITIES, (value) => ACTIVITY_KEYS[value]!, ICE_REQUIRED), prompt: 'ice.choose' },
      area('details', 'ice.description', LIMITS.description, ICE_REQUIRED),
      { name: 'agents', label: 'ice.agents', kind: 'number' },
      { name: 'vehicles', label: 'ice.vehicles', kind: 'number' },
      text('markings', 'ice.markings', CAPS.markings),
      text('city', 'ice.city', LIMITS.city, ICE_REQUIRED),
      text('area', 'ice.area', LIMITS.city),
      precision,
    ],
    submit: 'ice.submit',
    pending: 'ice.submitting',
    success: { title: 'ice.success' },
    failure: { title: 'ice.errorTitle', text: 'alerts.errorText' },
    refusals: ALERT_REFUSALS,
    back: '/ice-reports',
  },
  job: {
    id: 'job',
    action: '/api/jobs',
    fields: [
      text('title', 'submitJob.jobTitle', LIMITS.name, { title: 'submitJob.titleRequired', text: 'submitJob.titleRequiredText' }),
      text('employer', 'submitJob.employer', LIMITS.name),
      text('city', 'submitJob.city', LIMITS.city),
      text('payRange', 'submitJob.payRange', LIMITS.payRange),
      area('notes', 'submitJob.notes', LIMITS.description),
      text('contact', 'submitJob.contact', LIMITS.contact, { title: 'submitJob.contactRequired', text: 'submitJob.contactRequiredText' }),
      { name: 'acceptsNoPapers', label: 'submitJob.noPapers', kind: 'checkbox', initial: true },
    ],
    submit: 'submitJob.submit',
    pending: 'submitJob.submitting',
    success: { title: 'submitJob.success', text: 'submitJob.successText' },
    failure: { title: 'submitJob.error', text: 'submitJob.errorText' },
    refusals: { 429: { title: 'submitJob.rateLimitedTitle', text: 'submitJob.rateLimitedText' } },
    back: '/jobs',
  },
  resource: {
    id: 'resource',
    action: '/api/resources',
    fields: [
      text('name', 'submitResource.name', LIMITS.name, { title: 'submitResource.nameRequired', text: 'submitResource.nameRequiredText' }),
      { ...choice('category', 'submitResource.category', RESOURCE_CATEGORIES, (value) => `category.${value}` as MessageKey), initial: RESOURCE_CATEGORIES[0] },
      text('city', 'submitResource.city', LIMITS.city),
      text('address', 'submitResource.address', CAPS.address),
      { ...text('phone', 'submitResource.phone', CAPS.phone), kind: 'tel' },
      text('link', 'submitResource.link', LIMITS.url),
      area('notes', 'submitResource.notes', LIMITS.description),
    ],
    submit: 'submitResource.submit',
    pending: 'submitResource.submitting',
    success: { title: 'submitResource.success', text: 'submitResource.successText' },
    failure: { title: 'submitResource.error', text: 'submitResource.errorText' },
    refusals: { 429: { title: 'submitResource.rateLimitedTitle', text: 'submitResource.rateLimitedText' } },
    back: '/resources',
  },
  request: helpPostSpec('request'),
  offer: helpPostSpec('offer'),
  offerHelp: responseSpec('offerHelp'),
  claimItem: responseSpec('claimItem'),
  volunteer: {
    id: 'volunteer',
    action: '/api/drops/:id/volunteers',
    fields: [
      text('name', 'drops.volunteerName', LIMITS.name, { title: 'drops.volunteerRequired' }),
      text('contact', 'drops.volunteerContact', LIMITS.contact, { title: 'drops.volunteerRequired' }),
    ],
    submit: 'drops.volunteerSubmit',
    pending: 'drops.volunteerSubmitting',
    success: { title: 'drops.volunteerThanks', text: 'drops.volunteerThanksText' },
    failure: { title: 'drops.volunteerError' },
    back: '/drops',
  },
  subscription: {
    id: 'subscription',
    action: '/api/alert-subscriptions',
    sendsLang: true,
    fields: [
      { ...text('phone', 'alertsLive.phone', CAPS.phone, { title: 'alertsLive.phoneRequired' }), kind: 'tel' },
      text('city', 'alertsLive.city', LIMITS.city),
    ],
    submit: 'alertsLive.subscribe',
    pending: 'alertsLive.subscribing',
    success: { title: 'alertsLive.subscribed', text: 'alertsLive.subscribedText' },
    failure: { title: 'alertsLive.subscribeError', text: 'alertsLive.subscribeErrorText' },
    back: '/alerts-live',
  },
  adminSignIn: {
    id: 'adminSignIn',
    action: '/api/admin/session',
    fields: [
      { ...text('username', 'admin.name', LIMITS.name, { title: 'toast.error', text: 'admin.signInRequired' }), key: 'name' },
      { ...text('password', 'admin.secret', CAPS.secret, { title: 'toast.error', text: 'admin.signInRequired' }), key: 'secret', kind: 'secret' },
    ],
    submit: 'admin.signIn',
    pending: 'admin.signingIn',
    success: { title: 'admin.signedInAs' },
    failure: { title: 'toast.error', text: 'admin.signInFailed' },
    refusals: { 401: { text: 'admin.wrongSecret' }, 429: { text: 'admin.tooMany' } },
    back: '/admin',
  },
} as const satisfies Record<string, FormSpec>;

export type FormId = keyof typeof FORMS;

export const isFormId = (value: unknown): value is FormId => typeof value === 'string' && Object.hasOwn(FORMS, value);

/** The first required field left blank, in the spec's order, or undefined. */
export function firstBlank(spec: FormSpec, values: Record<string, unknown>): FieldSpec | undefined {
  return spec.fields.find((field) => field.required && typeof values[field.name] !== 'boolean' && !String(values[field.name] ?? '').trim());
}

/** The field an API refusal names (`fields` uses contract names), or undefined. */
export const fieldFor = (spec: FormSpec, contractName: string) => spec.fields.find((field) => (field.key ?? field.name) === contractName.split('.')[0]);

/** The address a form posts to: its action with the item's id filled in. */
export const actionOf = (spec: FormSpec, itemId?: string) => spec.action.replace(':id', encodeURIComponent(itemId ?? ''));

/** Why a post failed, as the one API error knows it (src/lib/api.ts) and the server's result page. */
export interface Failure {
  status: number;
  code: string;
  /** Field names the server refused (contract names). */
  fields?: Record<string, string>;
}

/**
 * The spec's toast for a failed post: offline and a server that could not save (busy, full disk)
 * say nothing typed is lost; refusals with words of their own (too many posts, a duplicate, a
 * wrong secret) use them; anything else the form's own error toast.
 */
export function failureNotice(spec: FormSpec, failure: Failure): Notice {
  if (failure.code === 'offline') return { title: spec.failure.title, text: 'offline.formText' };
  if (failure.code === 'busy' || failure.code === 'storage_full') return { title: spec.failure.title, text: 'toast.serverBusy' };
  return { ...spec.failure, ...spec.refusals?.[failure.status] };
}

/**
 * The admin desks' create/edit forms (spec section 5, "In-memory admin pages"): each desk's
 * required fields share the spec's one message. They are drawn only once an admin has signed in
 * with scripts on, so the server's form posts never read them.
 */
import { ADMIN_RESOURCE_CATEGORIES, DROP_STATUSES, JOB_TYPES, LIMITS, type AdminResourceCategory } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { adminCategoryKey, valueKey } from '../i18n/values.ts';
import { area, choice, text, type FieldSpec, type FormSpec, type Notice } from './kit.ts';
import { RESOURCE_DETAIL_FIELDS } from './directory.ts';

const required = (text: MessageKey): Notice => ({ title: 'admin.requiredTitle', text });
const box = (name: string, label: MessageKey, initial: boolean): FieldSpec => ({ name, label, kind: 'checkbox', initial });

/** A desk's form: its collection under /api/admin (the page is that name with -admin), and what the desk's own words are. */
const deskForm = (path: string, submit: MessageKey, success: Notice, fields: readonly FieldSpec[]): FormSpec => ({
  id: `desk${path}`,
  action: `/api/admin${path}`,
  fields,
  submit,
  pending: 'admin.saving',
  success,
  failure: { title: 'admin.actionFailed', text: 'admin.actionFailedText' },
  back: `${path}-admin`,
});

const DROP_REQUIRED = required('dropsAdmin.required');
const RESOURCE_REQUIRED = required('resourcesAdmin.required');
const JOB_REQUIRED = required('jobsAdmin.required');

export const DROP_DESK_FORM = deskForm('/drops', 'dropsAdmin.create', { title: 'dropsAdmin.created', text: 'dropsAdmin.createdText' }, [
  text('title', 'dropsAdmin.fieldTitle', LIMITS.name, DROP_REQUIRED),
  { name: 'date', label: 'dropsAdmin.date', kind: 'date', required: DROP_REQUIRED },
  text('time', 'dropsAdmin.time', LIMITS.payRange),
  text('meetSpot', 'dropsAdmin.location', LIMITS.address, DROP_REQUIRED),
  text('address', 'dropsAdmin.address', LIMITS.address),
  { ...text('city', 'dropsAdmin.city', LIMITS.city), kind: 'place' },
  area('whatWeBring', 'dropsAdmin.items', LIMITS.description),
  area('notes', 'dropsAdmin.description', LIMITS.description),
  text('volunteersNeeded', 'dropsAdmin.volunteers', LIMITS.payRange),
  { ...choice('status', 'dropsAdmin.status', DROP_STATUSES, (value) => (value === 'active' ? 'dropsAdmin.statusActive' : 'dropsAdmin.statusPlanning')), initial: 'active' },
]);

export const RESOURCE_DESK_FORM = deskForm('/resources', 'resourcesAdmin.add', { title: 'resourcesAdmin.added', text: 'resourcesAdmin.verifiedText' }, [
  text('name', 'resourcesAdmin.name', LIMITS.name, RESOURCE_REQUIRED),
  {
    ...choice('adminCategory', 'resourcesAdmin.category', ADMIN_RESOURCE_CATEGORIES, (value) => adminCategoryKey(value as AdminResourceCategory), RESOURCE_REQUIRED),
    prompt: 'resourcesAdmin.chooseCategory',
  },
  text('address', 'resourcesAdmin.address', LIMITS.address, RESOURCE_REQUIRED),
  { ...text('city', 'resourcesAdmin.city', LIMITS.city), kind: 'place' },
  { ...text('phone', 'resourcesAdmin.phone', LIMITS.phone), kind: 'tel' },
  text('hours', 'resourcesAdmin.hours', LIMITS.payRange),
  { ...text('link', 'resourcesAdmin.website', LIMITS.url), kind: 'url' },
  area('notes', 'resourcesAdmin.description', LIMITS.description),
  area('services', 'resourcesAdmin.services', LIMITS.description),
  area('requirements', 'resourcesAdmin.requirements', LIMITS.description),
  ...RESOURCE_DETAIL_FIELDS,
]);

export const JOB_DESK_FORM = deskForm('/jobs', 'jobsAdmin.post', { title: 'jobsAdmin.posted', text: 'jobsAdmin.postedText' }, [
  text('title', 'jobsAdmin.jobTitle', LIMITS.name, JOB_REQUIRED),
  text('employer', 'jobsAdmin.company', LIMITS.name, JOB_REQUIRED),
  { ...text('city', 'jobsAdmin.location', LIMITS.city, JOB_REQUIRED), kind: 'place' },
  { ...choice('jobType', 'jobsAdmin.type', JOB_TYPES, (value) => valueKey('jobType', value)), prompt: 'jobsAdmin.chooseType' },
  text('payRange', 'jobsAdmin.pay', LIMITS.payRange),
  text('contact', 'jobsAdmin.contact', LIMITS.contact, required('jobsAdmin.contactRequired')),
  area('notes', 'jobsAdmin.description', LIMITS.description),
  area('requirements', 'jobsAdmin.requirements', LIMITS.description),
  box('urgent', 'jobsAdmin.urgent', false),
  box('acceptsNoPapers', 'jobsAdmin.noDocuments', true),
]);

/**
 * The directory as Open Referral HSDS 3.0 (GET /api/hsds/...). This product has one object where
 * HSDS has several: each published resource is one organization offering one service at (when it
 * has an address or a city) one location. Texts a moderator wrote freely (hours, requirements) go
 * to HSDS's free-text fields; nothing is made up where the resource says nothing.
 */
import type { resources } from '../../db/schema.ts';
import { sortedPeriods, type OpeningPeriod } from '../../src/common/contract/hours.ts';
import type { NotRequired } from '../../src/common/contract/values.ts';
import { californiaTime } from './time.ts';

type ResourceRow = typeof resources.$inferSelect;

/**
 * HSDS wants UUIDs, one per object, that stay the same from one read to the next, so a partner
 * who stores them can match our updates. Each is a UUID v5 (RFC 9562: SHA-1 of a namespace and a
 * name) of the object's kind and the resource's own id: stable without a stored column, a
 * different id for each of the objects one resource becomes, and the same on every server that
 * holds the same row. The namespace is this product's own, fixed once.
 */
const NAMESPACE = 'c0e5b1d2-5f8a-4d37-9a62-3b7f1e4d9c08';

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => Number.parseInt(pair, 16));

/** A UUID v5 of `name` in `namespace` (RFC 9562, section 5.5). */
export async function uuidV5(name: string, namespace = NAMESPACE): Promise<string> {
  const prefix = hexBytes(namespace.replaceAll('-', ''));
  const text = new TextEncoder().encode(name);
  const data = new Uint8Array(prefix.length + text.length);
  data.set(prefix);
  data.set(text, prefix.length);
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-1', data)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const KINDS = ['organization', 'service', 'location', 'address', 'phone', 'schedule', 'service_at_location'] as const;
export type HsdsKind = (typeof KINDS)[number];
export type HsdsIds = Record<HsdsKind, string>;

/** The HSDS id of one of the objects a resource becomes. */
export const hsdsId = (kind: HsdsKind, resourceId: string) => uuidV5(`${kind}/${resourceId}`);

/** The HSDS ids of the objects one resource becomes. */
export async function hsdsIds(resourceId: string): Promise<HsdsIds> {
  const ids = await Promise.all(KINDS.map((kind) => hsdsId(kind, resourceId)));
  return Object.fromEntries(KINDS.map((kind, i) => [kind, ids[i]!])) as HsdsIds;
}

/** A resource with the ids its HSDS objects carry; `child` names one of its many (a language, a schedule). */
export interface HsdsResource {
  row: ResourceRow;
  ids: HsdsIds;
  child: (kind: string, key: string) => string;
  /** California's offset from UTC at the moment of the answer (`-08:00`, `-07:00` in summer). */
  offset: string;
}

/** The keys of the objects a resource has several of, each its own id. */
const childKeys = (row: ResourceRow) => [
  ...(row.languages ?? []).map((code) => `language/${code}`),
  ...weeklyHours(row.schedule ?? []).map(({ opens, closes }) => `schedule/${opens}-${closes}`),
  ...(row.cost ? ['cost_option/cost'] : []),
  ...(row.whatToBring ? ['required_document/what_to_bring'] : []),
];

export async function withIds(rows: ResourceRow[], now: number): Promise<HsdsResource[]> {
  const offset = californiaTime(now).slice(-6);
  return Promise.all(
    rows.map(async (row) => {
      const keys = childKeys(row);
      const [ids, children] = await Promise.all([hsdsIds(row.id), Promise.all(keys.map((key) => uuidV5(`${key}/${row.id}`)))]);
      const byKey = new Map(keys.map((key, i) => [key, children[i]!]));
      return { row, ids, offset, child: (kind, key) => byKey.get(`${kind}/${key}`)! };
    }),
  );
}

/** The week's periods that share their hours, as one HSDS weekly schedule each: `byday` lists their days. */
function weeklyHours(schedule: readonly OpeningPeriod[]) {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { day, opens, closes } of sortedPeriods(schedule)) {
    const group = groups.get(`${opens}-${closes}`) ?? { opens, closes, days: [] };
    group.days.push(day.toUpperCase());
    groups.set(`${opens}-${closes}`, group);
  }
  return [...groups.values()];
}

/** Only the fields that have a value: HSDS leaves an unknown field out rather than null. */
const present = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;

/** A California ZIP code within a free-text address, if it has one. */
const postalCode = (address: string) => address.match(/\b9[0-6]\d{3}(?:-\d{4})?\b/)?.[0] ?? '';

/** Whether the resource says where it is: only then is it at an HSDS location. */
const hasLocation = (row: ResourceRow) => Boolean(row.address || row.city);

export function organizationOf({ row, ids }: HsdsResource) {
  return {
    id: ids.organization,
    name: row.name,
    // HSDS requires a description; a resource without notes has an empty one.
    description: row.notes ?? '',
    ...present({ website: row.link }),
  };
}

/** What a resource does not ask for, in HSDS's free text (HSDS has no field for what is not required). */
const NOT_REQUIRED_TEXT: Record<NotRequired, string> = {
  id: 'photo ID',
  ssn: 'Social Security number',
  proof_of_address: 'proof of address',
  immigration_status: 'immigration status',
  appointment: 'appointment',
};

/** The service's own (one-to-one) fields, as HSDS lists answer them. */
export function serviceOf({ row, ids }: HsdsResource) {
  const notRequired = row.notRequired ?? [];
  return {
    id: ids.service,
    organization_id: ids.organization,
    name: row.name,
    status: 'active' as const,
    ...present({
      description: [row.notes, row.services].filter(Boolean).join('\n\n'),
      url: row.link,
      eligibility_description: [row.eligibility, row.requirements].filter(Boolean).join('\n\n'),
      application_process: notRequired.length ? `Not required: ${notRequired.map((value) => NOT_REQUIRED_TEXT[value]).join(', ')}.` : null,
      fees_description: row.cost === 'free' ? 'Free' : row.cost === 'low_cost' ? 'Low cost' : null,
      // The California date a moderator last checked it; their name stays here (HSDS wants an email).
      assured_date: row.verified ? row.verifiedOn : null,
    }),
  };
}

/** The location's own fields. */
export function locationOf({ row, ids }: HsdsResource) {
  return {
    id: ids.location,
    location_type: 'physical' as const,
    organization_id: ids.organization,
    name: row.name,
  };
}

function addressesOf({ row, ids }: HsdsResource) {
  if (!row.address) return [];
  return [
    {
      id: ids.address,
      location_id: ids.location,
      address_1: row.address,
      city: row.city ?? '',
      // A resource placed in a California county is in California; any other, the product cannot say.
      state_province: row.county ? 'CA' : '',
      postal_code: postalCode(row.address),
      country: 'US',
      address_type: 'physical' as const,
    },
  ];
}

function phonesOf({ row, ids }: HsdsResource) {
  return row.phone ? [{ id: ids.phone, service_id: ids.service, number: row.phone }] : [];
}

/**
 * The weekly hours as iCalendar-style HSDS schedules, times with the offset California's clocks
 * have now (the time zone is named in `notes`: the offset changes with daylight saving); the
 * hours as a moderator wrote them, when there are, as a schedule of their own.
 */
function schedulesOf({ row, ids, child, offset }: HsdsResource) {
  const weekly = weeklyHours(row.schedule ?? []).map(({ opens, closes, days }) => ({
    id: child('schedule', `${opens}-${closes}`),
    service_id: ids.service,
    freq: 'WEEKLY' as const,
    wkst: 'MO' as const,
    byday: days.join(','),
    opens_at: `${opens}${offset}`,
    closes_at: `${closes}${offset}`,
    notes: 'California time (America/Los_Angeles)',
  }));
  return [...weekly, ...(row.hours ? [{ id: ids.schedule, service_id: ids.service, description: row.hours }] : [])];
}

const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });

function languagesOf({ row, ids, child }: HsdsResource) {
  return (row.languages ?? []).map((code) => ({ id: child('language', code), service_id: ids.service, code, ...present({ name: LANGUAGE_NAMES.of(code) }) }));
}

function costOptionsOf({ row, ids, child }: HsdsResource) {
  if (row.cost === 'free') return [{ id: child('cost_option', 'cost'), service_id: ids.service, option: 'Free', amount: 0, currency: 'USD' }];
  if (row.cost === 'low_cost') return [{ id: child('cost_option', 'cost'), service_id: ids.service, option: 'Low cost', amount_description: 'A small fee or a sliding scale' }];
  return [];
}

function requiredDocumentsOf({ row, ids, child }: HsdsResource) {
  return row.whatToBring ? [{ id: child('required_document', 'what_to_bring'), service_id: ids.service, document: row.whatToBring }] : [];
}

function fullLocationOf(resource: HsdsResource) {
  return { ...locationOf(resource), addresses: addressesOf(resource) };
}

/** A service at its location, as GET /api/hsds/service_at_locations lists it. */
export function serviceAtLocationOf(resource: HsdsResource) {
  const { ids } = resource;
  return {
    id: ids.service_at_location,
    service_id: ids.service,
    location_id: ids.location,
    service: { ...serviceOf(resource), organization: organizationOf(resource) },
    location: locationOf(resource),
  };
}

/** The service with everything it holds, as GET /api/hsds/services/{id} answers it. */
export function fullServiceOf(resource: HsdsResource) {
  const { row, ids } = resource;
  return {
    ...serviceOf(resource),
    organization: organizationOf(resource),
    phones: phonesOf(resource),
    schedules: schedulesOf(resource),
    languages: languagesOf(resource),
    cost_options: costOptionsOf(resource),
    required_documents: requiredDocumentsOf(resource),
    service_at_locations: hasLocation(row) ? [{ id: ids.service_at_location, service_id: ids.service, location_id: ids.location, location: fullLocationOf(resource) }] : [],
  };
}

/** The organization with its service and location, as GET /api/hsds/organizations/{id} answers it. */
export function fullOrganizationOf(resource: HsdsResource) {
  return {
    ...organizationOf(resource),
    services: [{ ...serviceOf(resource), phones: phonesOf(resource), schedules: schedulesOf(resource), languages: languagesOf(resource) }],
    locations: hasLocation(resource.row) ? [fullLocationOf(resource)] : [],
  };
}

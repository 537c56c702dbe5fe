/**
 * The directory as Open Referral HSDS 3.0 (GET /api/hsds/...). This product has one object where
 * HSDS has several: each published resource is one organization offering one service at (when it
 * has an address or a city) one location. Texts a moderator wrote freely (hours, requirements) go
 * to HSDS's free-text fields; nothing is made up where the resource says nothing.
 */
import type { resources } from '../../db/schema.ts';

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

/** The HSDS ids of the objects one resource becomes. */
export async function hsdsIds(resourceId: string): Promise<HsdsIds> {
  const ids = await Promise.all(KINDS.map((kind) => uuidV5(`${kind}/${resourceId}`)));
  return Object.fromEntries(KINDS.map((kind, i) => [kind, ids[i]!])) as HsdsIds;
}

/** A resource with the ids its HSDS objects carry. */
export interface HsdsResource {
  row: ResourceRow;
  ids: HsdsIds;
}

export const withIds = async (rows: ResourceRow[]): Promise<HsdsResource[]> => Promise.all(rows.map(async (row) => ({ row, ids: await hsdsIds(row.id) })));

/** Only the fields that have a value: HSDS leaves an unknown field out rather than null. */
const present = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;

/** A California ZIP code within a free-text address, if it has one. */
const postalCode = (address: string) => address.match(/\b9[0-6]\d{3}(?:-\d{4})?\b/)?.[0] ?? '';

/** Whether the resource says where it is: only then is it at an HSDS location. */
export const hasLocation = (row: ResourceRow) => Boolean(row.address || row.city);

export function organizationOf({ row, ids }: HsdsResource) {
  return {
    id: ids.organization,
    name: row.name,
    // HSDS requires a description; a resource without notes has an empty one.
    description: row.notes ?? '',
    ...present({ website: row.link }),
  };
}

/** The service's own (one-to-one) fields, as HSDS lists answer them. */
export function serviceOf({ row, ids }: HsdsResource) {
  return {
    id: ids.service,
    organization_id: ids.organization,
    name: row.name,
    status: 'active' as const,
    ...present({
      description: [row.notes, row.services].filter(Boolean).join('\n\n'),
      url: row.link,
      eligibility_description: row.requirements,
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

function schedulesOf({ row, ids }: HsdsResource) {
  return row.hours ? [{ id: ids.schedule, service_id: ids.service, description: row.hours }] : [];
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
    service_at_locations: hasLocation(row) ? [{ id: ids.service_at_location, service_id: ids.service, location_id: ids.location, location: fullLocationOf(resource) }] : [],
  };
}

/** The organization with its service and location, as GET /api/hsds/organizations/{id} answers it. */
export function fullOrganizationOf(resource: HsdsResource) {
  return {
    ...organizationOf(resource),
    services: [{ ...serviceOf(resource), phones: phonesOf(resource), schedules: schedulesOf(resource) }],
    locations: hasLocation(resource.row) ? [fullLocationOf(resource)] : [],
  };
}

/**
 * An Open Referral HSDS 3.0 dataset into the moderation queue (`npm run hsds:import`): each
 * service, checked against the standard's schema, becomes a pending resource that a moderator
 * verifies before anyone sees it. Node only (it reads files).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { resources } from '../../db/schema.ts';
import { adminResourceInput } from '../../src/common/contract/admin.ts';
import { resourceInput } from '../../src/common/contract/directory.ts';
import { isOpeningPeriod, type OpeningPeriod } from '../../src/common/contract/hours.ts';
import { RESOURCE_CATEGORIES, RESOURCE_LANGUAGES, WEEKDAYS, type ResourceCategory, type ResourceLanguage, type Weekday } from '../../src/common/contract/values.ts';
import { uuidV5 } from './hsds.ts';
import { schemaErrors } from './hsds-schema.ts';
import { placed } from '../../src/common/contract/places.ts';
import { toMinute } from './time.ts';

/** One service of a dataset, and where it was found (`file.json`, `file.json #3`). */
export interface DatasetItem {
  where: string;
  value: unknown;
}

/** Why something of the dataset was not imported. */
export interface Skipped {
  where: string;
  name?: string;
  reason: string;
}

/**
 * The services of a JSON file, or of every JSON file in a folder and its subfolders: a file holds
 * one service, a list of them, or an HSDS API page (`contents`). A file that is not JSON is
 * reported, never thrown.
 */
export function readDataset(path: string): { items: DatasetItem[]; skipped: Skipped[] } {
  const files = statSync(path).isDirectory() ? jsonFiles(path) : [path];
  const items: DatasetItem[] = [];
  const skipped: Skipped[] = [];
  for (const file of files) {
    const name = file === path ? file : relative(path, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      skipped.push({ where: name, reason: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const list = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.contents) ? json.contents : null;
    if (list) list.forEach((value: unknown, i: number) => items.push({ where: `${name} #${i + 1}`, value }));
    else items.push({ where: name, value: json });
  }
  return { items, skipped };
}

const jsonFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? jsonFiles(join(folder, entry.name)) : entry.name.endsWith('.json') ? [join(folder, entry.name)] : []));

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What a pending resource takes from a service: the public submission's fields, and the hours as written. */
const imported = z.extend(resourceInput, { hours: adminResourceInput.shape.hours });

/** The categories' words, as a service's taxonomy terms, name or description may say them. */
const CATEGORY_WORDS: Record<ResourceCategory, RegExp> = {
  Food: /\b(food|pantry|pantries|meals?|groceries|nutrition)\b/i,
  Shelter: /\b(shelter|housing|homeless(ness)?|emergency beds?)\b/i,
  Legal: /\b(legal|lawyers?|attorneys?|immigration|law)\b/i,
  Medical: /\b(medical|health|healthcare|clinic|mental health|dental)\b/i,
  Employment: /\b(employment|jobs?|work(force)?|career)\b/i,
  Education: /\b(education|school|classes|literacy|tutoring|esl)\b/i,
};

/** Its category: the first whose words its taxonomy terms say, else its name, else its description. */
function categoryOf(service: Json): ResourceCategory | null {
  const terms = list(service.attributes).flatMap((attribute) => [
    text(attribute.value),
    ...(isObject(attribute.taxonomy_term) ? [text(attribute.taxonomy_term.name), text(attribute.taxonomy_term.code)] : []),
  ]);
  for (const words of [terms.filter(Boolean).join(' '), text(service.name) ?? '', text(service.description) ?? '']) {
    const found = RESOURCE_CATEGORIES.find((category) => CATEGORY_WORDS[category].test(words));
    if (found) return found;
  }
  return null;
}

/** `09:00`, `9:00:00`, `09:00-08:00` as `09:00` (the product's hours are California's). */
const clock = (value: unknown) => {
  const match = text(value)?.match(/^(\d{1,2}):(\d{2})/);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
};

/** The weekly periods of WEEKLY (or unset) schedules with days and times; monthly ones are left to the free text. */
function periodsOf(schedules: Json[]): OpeningPeriod[] {
  const periods = schedules.flatMap((schedule) => {
    const [opens, closes] = [clock(schedule.opens_at), clock(schedule.closes_at)];
    if ((schedule.freq ?? 'WEEKLY') !== 'WEEKLY' || !opens || !closes) return [];
    const days = (text(schedule.byday) ?? '').split(',').map((day) => day.trim().toLowerCase());
    return days.filter((day): day is Weekday => WEEKDAYS.includes(day as Weekday)).map((day) => ({ day, opens, closes: closes === '00:00' ? '24:00' : closes }));
  });
  // A period past midnight (22:00-06:00) is not one this directory holds (each day has its own); it is left out.
  return [...new Map(periods.filter(isOpeningPeriod).map((period) => [`${period.day} ${period.opens} ${period.closes}`, period])).values()];
}

/** The resource a service is, for the contract to check; its location is its first one with an address. */
function fieldsOf(service: Json) {
  const organization = isObject(service.organization) ? service.organization : {};
  const locations = [...list(service.service_at_locations).map((at) => (isObject(at.location) ? at.location : {})), ...list(organization.locations)];
  const location = locations.find((place) => list(place.addresses).length) ?? locations[0] ?? {};
  const addresses = list(location.addresses);
  const address = addresses.find((one) => one.address_type === 'physical') ?? addresses[0];
  const phone = [...list(service.phones), ...list(location.phones), ...list(organization.phones)].map((one) => text(one.number)).find(Boolean);
  const schedules = [...list(service.schedules), ...list(location.schedules)];
  const schedule = periodsOf(schedules);
  const hours = schedules.map((one) => text(one.description)).filter(Boolean);
  const languages = list(service.languages)
    .map((language) => text(language.code)?.toLowerCase().split('-')[0])
    .filter((code): code is ResourceLanguage => RESOURCE_LANGUAGES.includes(code as ResourceLanguage));
  const free =
    list(service.cost_options).some((option) => option.amount === 0 || /\bfree\b/i.test(text(option.option) ?? '')) || /^\s*free\b/i.test(text(service.fees_description) ?? '');
  const documents = list(service.required_documents)
    .map((document) => text(document.document))
    .filter(Boolean);
  return {
    name: text(service.name) ?? '',
    category: categoryOf(service),
    city: text(address?.city),
    address: address ? [text(address.address_1), text(address.address_2)].filter(Boolean).join(', ') : null,
    phone: phone ?? null,
    link: text(service.url) ?? text(organization.website),
    notes: text(service.description),
    hours: hours.length ? hours.join('; ') : null,
    schedule,
    languages,
    cost: free ? 'free' : null,
    whatToBring: documents.length ? documents.join(', ') : null,
    eligibility: text(service.eligibility_description),
  };
}

export interface HsdsImportSummary {
  added: number;
  /** Imported before (by their HSDS service id): left as they are, a moderator may have edited them. */
  alreadyImported: number;
  skipped: Skipped[];
}

/**
 * Adds each valid service not imported before as a pending resource (never published, never
 * verified). The resource's id is a UUID v5 of the service's id, so a second import of the same
 * dataset adds nothing. Skipped, each with why: what breaks the HSDS schema, what has no category
 * this directory has, what breaks the directory's own limits.
 */
export async function importHsds(db: Database, items: DatasetItem[], validateService: ValidateFunction, now: number): Promise<HsdsImportSummary> {
  const skipped: Skipped[] = [];
  const rows: (typeof resources.$inferInsert)[] = [];
  const seen = new Set<string>();
  let alreadyImported = 0;
  for (const { where, value } of items) {
    const name = isObject(value) ? (text(value.name) ?? undefined) : undefined;
    if (!validateService(value)) {
      skipped.push({ where, name, reason: `not an HSDS 3.0 service: ${schemaErrors(validateService.errors).slice(0, 3).join('; ')}` });
      continue;
    }
    const service = value as Json;
    const id = await uuidV5(`hsds-import/${service.id}`);
    if (seen.has(id)) {
      alreadyImported++;
      continue;
    }
    const { category, ...fields } = fieldsOf(service);
    if (!category) {
      skipped.push({ where, name, reason: `no category of this directory (${RESOURCE_CATEGORIES.join(', ')}) in its taxonomy terms, name or description` });
      continue;
    }
    const input = imported.safeParse({ ...fields, category });
    if (!input.success) {
      skipped.push({ where, name, reason: input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      continue;
    }
    seen.add(id);
    rows.push({ ...input.data, ...placed(input.data.city), id, status: 'pending', verified: false, createdAt: toMinute(now) });
  }
  const stored = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((row) => row.id);
    for (const row of await db.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids))) stored.add(row.id);
  }
  const added = rows.filter((row) => !stored.has(row.id));
  alreadyImported += rows.length - added.length;
  const writes = Array.from({ length: Math.ceil(added.length / 100) }, (_, i) => db.insert(resources).values(added.slice(i * 100, (i + 1) * 100)));
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return { added: added.length, alreadyImported, skipped };
}

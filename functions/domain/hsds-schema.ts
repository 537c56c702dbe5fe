/**
 * The official HSDS 3.0 schemas as validators. Node only (it reads files): used by the tests and
 * by `npm run hsds:import`, which find the folder with tests/standards.ts; never by a host. They
 * are Open Referral's, kept beside the project in `shared/standards/hsds/schema/` and never copied
 * into it. The schemas carry keywords of their own (`datapackage_metadata`, `core`...), hence
 * `strict: false`; their formats (uuid, uri, email, date-time) are checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { default as addFormats } from 'ajv-formats';

/** Where the standard's own OpenAPI document finds the compiled schemas; the local copies answer to it. */
const PUBLISHED = 'https://raw.githubusercontent.com/openreferral/specification/3.0/schema/';

export interface HsdsSchemas {
  /** The 200 answer of a GET path of the standard's API (`/services`, `/services/{id}`...). */
  answer(path: string): ValidateFunction;
  /** One service, fully nested, as a dataset holds it (compiled/service.json). */
  service: ValidateFunction;
}

export function hsdsSchemas(folder: string): HsdsSchemas {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = join(folder, 'compiled');
  for (const name of readdirSync(compiled).filter((file) => file.endsWith('.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(compiled, name), 'utf8')), `${PUBLISHED}compiled/${name}`);
  }
  ajv.addSchema(JSON.parse(readFileSync(join(folder, 'openapi.json'), 'utf8')), `${PUBLISHED}openapi.json`);
  const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
  const get = (ref: string) => {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`The HSDS schemas have no ${ref}`);
    return validate;
  };
  return {
    answer: (path) => get(`${PUBLISHED}openapi.json#/paths/${pointer(path)}/get/responses/200/content/${pointer('application/json')}/schema`),
    service: get(`${PUBLISHED}compiled/service.json`),
  };
}

/** A validator's errors in a line each: where, and what is wrong. */
export const schemaErrors = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);

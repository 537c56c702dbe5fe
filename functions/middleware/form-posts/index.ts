import type { Context, MiddlewareHandler } from 'hono';
import { MAX_JSON_BYTES, type ApiErrorBody } from '../../../src/common/contract/index.ts';
import { isLang, type Lang } from '../../../src/common/i18n/languages.ts';
import { failureNotice, fieldFor, firstBlank, type FieldSpec, type FormSpec } from '../../../src/common/forms/kit.ts';
import { listValue, periodLines } from '../../../src/common/forms/lists.ts';
import { FORMS } from '../../../src/common/forms/registry.ts';
import { pathIn, resultPage } from '../../pages/html.ts';
import { crossSitePage, refusedPage, successPage } from '../../pages/form-result.ts';
import { readCapped } from '../../http/answers.ts';
import { FORM_POST_HEADER, formPostMark } from '../../domain/pow.ts';

export const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Whether a request path is the address a form description posts to (`:id` matches one segment, the match's first group). */
const postsTo = (spec: FormSpec, path: string) => new RegExp(`^${spec.action.replace(':id', '([^/]+)')}$`).exec(path);

/** Where a result page's links lead: the spec's `back` page in `lang`, of the item the form answered (its id as the path carried it). */
export function backTo(spec: FormSpec, lang: Lang, itemId = ''): string {
  const back = spec.back.replace(':id', itemId);
  return back.startsWith('/api/') ? `${back}?lang=${lang}` : pathIn(lang, back);
}

/**
 * Forms posted by a browser without JavaScript (scripts off, or sent before the island woke up):
 * the form's strings become the JSON its island would send (checkbox -> boolean, numbers, blank
 * -> absent), the same API route stores it with the same contract checks, and the visitor gets a
 * small page in their language saying what happened. A refused post comes back in an editable
 * form that keeps what was typed. JSON requests pass by untouched; nothing typed is ever put in
 * an address. `api` is the app itself, asked again with the JSON body; `exit` is where the page's
 * Quick exit link leads (PUBLIC_QUICK_EXIT_URL), as on every page of the site.
 */
export function formPosts(api: (request: Request, env: unknown) => Response | Promise<Response>, exit: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !FORM_TYPE.test(c.req.header('content-type') ?? '')) return next();
    // Read from a copy: a body that follows no form description goes on untouched to the route,
    // whose guards and JSON door answer it as they always did.
    const form = await readForm(c);
    // A second submit button may name its own form and address (formaction): the description that posts here.
    const spec = form
      ?.all('form')
      .flatMap((id) => FORMS.get(id) ?? [])
      .find((spec) => postsTo(spec, c.req.path));
    const posted = spec && postsTo(spec, c.req.path);
    if (!form || !spec || !posted) return next();
    const lang: Lang = isLang(form.get('lang')) ? (form.get('lang') as Lang) : 'en';
    const back = backTo(spec, lang, posted[1]);
    const values = Object.fromEntries(spec.fields.map((field) => [field.name, postedValue(field, form)]));

    const blank = firstBlank(spec, values);
    if (blank) return resultPage(400, refusedPage(spec, lang, blank.required!, values, [blank.name], c.req.path, back, exit));

    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    headers.set(FORM_POST_HEADER, formPostMark());
    const answer = await api(
      new Request(c.req.url, { method: 'POST', headers, body: JSON.stringify({ ...toJson(spec, form, values), ...(spec.sendsLang ? { lang } : {}) }) }),
      c.env,
    );
    const body = (await answer.json().catch(() => null)) as Record<string, unknown> | ApiErrorBody | null;
    if (answer.ok) {
      const cookies = new Headers();
      for (const cookie of answer.headers.getSetCookie()) cookies.append('set-cookie', cookie);
      return resultPage(answer.status, successPage(spec, lang, (body ?? {}) as Record<string, unknown>, back, exit), cookies);
    }
    const error = body && 'error' in body ? (body as ApiErrorBody).error : { code: 'internal', message: '' };
    const notice = failureNotice(spec, { status: answer.status, code: error.code, fields: error.fields });
    const named = Object.keys(error.fields ?? {}).flatMap((name) => fieldFor(spec, name)?.name ?? []);
    return resultPage(answer.status, refusedPage(spec, lang, notice, values, named, c.req.path, back, exit));
  };
}

/**
 * The page for one of our forms another site posted here (functions/middleware/same-site/index.ts), or null for a
 * body that is none of them (it gets the JSON answer). Nothing was stored, and unlike a refused
 * post of ours, what was typed is not offered back in a form: that would put the other site's
 * words one click from being sent from our own page.
 */
export async function refusedFromElsewhere(c: Context, exit: string): Promise<Response | null> {
  if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) return null;
  const form = await readForm(c);
  const spec = FORMS.get(form?.get('form') ?? '');
  const posted = spec && postsTo(spec, c.req.path);
  if (!form || !spec || !posted) return null;
  const lang: Lang = isLang(form.get('lang')) ? (form.get('lang') as Lang) : 'en';
  return resultPage(403, crossSitePage(lang, backTo(spec, lang, posted[1]), exit));
}

/** A posted form: a field's first value, or every value of a name given several times (checkboxes, rows). */
export interface PostedForm {
  get(name: string): string | undefined;
  all(name: string): string[];
}

/** The posted fields as strings (files of a multipart body are left out), or null over the cap. */
export async function readForm(c: Context): Promise<PostedForm | null> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_JSON_BYTES) return null;
  const bytes = await readCapped(c.req.raw.clone(), MAX_JSON_BYTES);
  if (!bytes) return null;
  const request = new Request(c.req.url, { method: 'POST', headers: { 'content-type': c.req.header('content-type')! }, body: bytes as BodyInit });
  const data = await request.formData().catch(() => new FormData());
  const fields = new Map<string, string[]>();
  for (const [name, value] of data) if (typeof value === 'string') fields.set(name, [...(fields.get(name) ?? []), value]);
  return { get: (name) => fields.get(name)?.[0], all: (name) => fields.get(name) ?? [] };
}

/** A field's posted value as the form kit holds it: a list field's items one a line (src/common/forms/kit.ts). */
function postedValue(field: FieldSpec, form: PostedForm): string {
  if (field.kind === 'choices') return form.all(field.name).join('\n');
  if (field.kind !== 'schedule') return form.get(field.name) ?? '';
  const [opens, closes] = [form.all(`${field.name}.opens`), form.all(`${field.name}.closes`)];
  return periodLines(form.all(`${field.name}.day`).map((day, index) => ({ day, opens: opens[index] ?? '', closes: closes[index] ?? '' })));
}

/** What the island would send: the contract's names and types; blank fields are left out. */
function toJson(spec: FormSpec, form: PostedForm, values: Record<string, string>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const raw = form.get(field.name);
    const key = field.key ?? field.name;
    if (field.kind === 'choices' || field.kind === 'schedule') json[key] = listValue(field, values[field.name]);
    else if (field.kind === 'checkbox') json[key] = raw !== undefined;
    else if (raw === undefined || !raw.trim()) continue;
    else if (field.kind === 'number') json[key] = /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
    else json[key] = raw;
  }
  return { ...json, ...spec.fixed };
}

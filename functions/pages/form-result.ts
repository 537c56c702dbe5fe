/**
 * The pages the server answers a form posted without JavaScript with
 * (functions/middleware/form-posts/): the success text (with the private manage link where the
 * post has one), the refusal with the fields named and what was typed kept in a form that posts
 * again, and the refusal of a post from another site; and any form of a description as HTML.
 */
import { translate } from '../../src/common/i18n/index.ts';
import { LOCALES, type Lang } from '../../src/common/i18n/languages.ts';
import { directoryNames, directoryWords } from '../../src/common/i18n/directory-names.ts';
import type { MessageKey, Vars } from '../../src/common/i18n/messages.ts';
import { actionOf, INPUT_TYPES, type FieldSpec, type FormSpec, type Notice } from '../../src/common/forms/kit.ts';
import { linesOf, periodRows } from '../../src/common/forms/lists.ts';
import { document, escape, pathIn, words } from './html.ts';

/** The success page: the description's success words, the manage link a post answered, the next form if any. */
export function successPage(spec: FormSpec, lang: Lang, answer: Record<string, unknown>, back: string, exit: string): string {
  const vars = Object.fromEntries(Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const t = (key: MessageKey) => words(lang, key, vars);
  const { id, manageToken } = answer;
  const manage =
    spec.manage && typeof id === 'string' && typeof manageToken === 'string'
      ? `<p>${t('manage.linkNote')}</p><p class="secret"><a href="${escape(`${pathIn(lang, '/manage')}#${spec.manage}.${id}.${manageToken}`)}">${t('form.manageLink')}</a></p>`
      : '';
  const next = spec.next ? formHtml(spec.next, lang, actionOf(spec.next), vars) : '';
  const main = `<section class="notice" role="status"><h1>${t(spec.success.title)}</h1>${spec.success.text ? `<p>${t(spec.success.text)}</p>` : ''}${manage}</section>${next}<p class="links"><a href="${escape(back)}">${t('form.continue')}</a></p>`;
  return document(lang, translate(lang, spec.success.title, vars), main, exit);
}

/** The refusal page: what went wrong, the fields to check, and the form again with what was typed. */
export function refusedPage(spec: FormSpec, lang: Lang, notice: Notice, values: Record<string, string>, invalid: string[], action: string, back: string, exit: string): string {
  const t = (key: MessageKey, vars?: Vars) => words(lang, key, vars);
  const labels = spec.fields.filter((field) => invalid.includes(field.name) && field.kind !== 'hidden').map((field) => translate(lang, field.label));
  const check = labels.length ? `<p>${t('form.checkFields', { fields: labels.join(', ') })}</p>` : '';
  const main =
    `<section class="notice failed" role="alert"><h1>${t(notice.title)}</h1>${notice.text ? `<p>${t(notice.text)}</p>` : ''}${check}<p>${t('form.kept')}</p></section>` +
    formHtml(spec, lang, action, values, invalid) +
    `<p class="links"><a href="${escape(back)}">${t('form.cancel')}</a></p>`;
  return document(lang, translate(lang, notice.title), main, exit);
}

/** A form of `spec` posting to `action` without scripts, holding `values` (the fields named in `invalid` marked). */
export function formHtml(spec: FormSpec, lang: Lang, action: string, values: Record<string, string> = {}, invalid: string[] = []): string {
  const fields = spec.fields.map((field) => fieldHtml(field, lang, values[field.name] ?? '', invalid.includes(field.name))).join('');
  return `<form method="post" action="${escape(action)}"><input type="hidden" name="form" value="${escape(spec.id)}"><input type="hidden" name="lang" value="${lang}">${fields}<button type="submit">${words(lang, spec.submit)}</button></form>`;
}

/** One field, with what was typed (a secret is never sent back). */
function fieldHtml(field: FieldSpec, lang: Lang, value: string, invalid: boolean): string {
  const id = `f-${field.name}`;
  const label = words(lang, field.label);
  const hint = field.hint ? `<small class="hint" id="${id}-hint">${words(lang, field.hint)}</small>` : '';
  const common = `name="${escape(field.name)}"${invalid ? ' aria-invalid="true"' : ''}${field.required ? ' aria-required="true"' : ''}${hint ? ` aria-describedby="${id}-hint"` : ''}`;
  const optionText = (option: string) => (field.optionLabel ? words(lang, field.optionLabel(option)) : escape(option));
  const names = directoryNames(directoryWords(LOCALES[lang], (key) => translate(lang, key)));
  // The languages a resource's people speak are named by Intl, as on the island.
  const choiceText = (option: string) => (field.optionLabel ? optionText(option) : escape(names.language(option)));
  switch (field.kind) {
    case 'hidden':
      return `<input type="hidden" name="${escape(field.name)}" value="${escape(value)}">`;
    case 'textarea':
      return `<div><label for="${id}">${label}</label><textarea id="${id}" ${common} maxlength="${field.max}">${escape(value)}</textarea>${hint}</div>`;
    case 'checkbox':
      return `<div><label><input type="checkbox" ${common}${value ? ' checked' : ''}> ${label}</label></div>`;
    case 'select':
      return `<div><label for="${id}">${label}</label><select id="${id}" ${common}>${field.prompt ? `<option value="">${words(lang, field.prompt)}</option>` : ''}${(
        field.options ?? []
      )
        .map((option) => `<option value="${escape(option)}"${option === value ? ' selected' : ''}>${optionText(option)}</option>`)
        .join('')}</select></div>`;
    case 'choices':
      return `<fieldset><legend>${label}</legend>${(field.options ?? [])
        .map(
          (option) =>
            `<label><input type="checkbox" name="${escape(field.name)}" value="${escape(option)}"${linesOf(value).includes(option) ? ' checked' : ''}> ${choiceText(option)}</label>`,
        )
        .join('')}</fieldset>`;
    case 'schedule': {
      // No script adds a row: the rows posted, and three empty ones to fill.
      const rows = [...periodRows(value), ...Array.from({ length: 3 }, () => ({ day: field.options?.[0] ?? '', opens: '', closes: '' }))];
      const time = (name: string, text: MessageKey, at: string) =>
        `<input type="time" name="${escape(`${field.name}.${name}`)}" aria-label="${words(lang, text)}" value="${escape(at)}">`;
      return `<fieldset><legend>${label}</legend>${rows
        .map(
          (row) =>
            `<div><select name="${escape(field.name)}.day" aria-label="${words(lang, 'hours.day')}">${(field.options ?? [])
              .map((day) => `<option value="${escape(day)}"${day === row.day ? ' selected' : ''}>${escape(names.day(day))}</option>`)
              .join('')}</select>${time('opens', 'hours.opens', row.opens)}${time('closes', 'hours.closes', row.closes)}</div>`,
        )
        .join('')}<small class="hint">${words(lang, 'hours.hint')}</small></fieldset>`;
    }
    case 'radio':
      return `<fieldset><legend>${label}</legend>${(field.options ?? [])
        .map((option) => `<label><input type="radio" name="${escape(field.name)}" value="${escape(option)}"${option === value ? ' checked' : ''}> ${optionText(option)}</label>`)
        .join('')}</fieldset>`;
    default: {
      const type = INPUT_TYPES[field.kind ?? 'text'] ?? 'text';
      const kept = field.kind === 'secret' ? '' : value;
      const code = field.kind === 'code' ? ' inputmode="numeric" autocomplete="one-time-code"' : '';
      return `<div><label for="${id}">${label}</label><input id="${id}" type="${type}" ${common}${code}${field.max ? ` maxlength="${field.max}"` : ''} value="${escape(kept)}">${hint}</div>`;
    }
  }
}

/** The page for one of our forms another site posted here: nothing was stored, and nothing typed is offered back. */
export function crossSitePage(lang: Lang, back: string, exit: string): string {
  const main = `<section class="notice failed" role="alert"><h1>${words(lang, 'form.crossSiteTitle')}</h1><p>${words(lang, 'form.crossSiteText')}</p></section><p class="links"><a href="${escape(back)}">${words(lang, 'form.continue')}</a></p>`;
  return document(lang, translate(lang, 'form.crossSiteTitle'), main, exit);
}

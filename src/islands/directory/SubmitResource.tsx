import type { ResourceCategory } from '../../common/contract/limits.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { directoryNames, type DirectoryWords } from '../../common/i18n/directory-names.ts';
import { call } from '../../client/api.ts';
import { withLists } from '../../common/forms/lists.ts';
import { RESOURCE_DETAIL_FIELDS } from '../../common/forms/directory.ts';
import { RESOURCE_FORM } from '../../common/forms/resource.ts';

import { ListField } from '../shared/list-fields.tsx';
import { FormKeys, useForm } from '../shared/use-form.tsx';
import type { Values } from '../../client/forms.ts';

const SPEC = RESOURCE_FORM;
const text = (values: Values, name: string) => String(values[name] ?? '');
const detail = (name: string) => RESOURCE_DETAIL_FIELDS.find((field) => field.name === name)!;

/** People type "example.org"; the directory only takes http(s) addresses, so add the scheme. */
const withScheme = (link: string) => {
  const trimmed = link.trim();
  return !trimmed || /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

/**
 * /submit-resource: a resource goes to the admins for review, so it is not listed right away.
 * Keeps everything typed when the server refuses, and points at the field it refused.
 */
export default function SubmitResource({ lang, messages, words }: { lang: Lang; messages: Messages; words: DirectoryWords }) {
  const t = messageFn(messages);
  const names = directoryNames(words);
  const kit = useForm({
    spec: SPEC,
    t,
    send: (values) =>
      call('POST /api/resources', {
        name: text(values, 'name'),
        category: text(values, 'category') as ResourceCategory,
        city: text(values, 'city'),
        address: text(values, 'address'),
        phone: text(values, 'phone'),
        link: withScheme(text(values, 'link')),
        notes: text(values, 'notes'),
        ...(withLists(SPEC, Object.fromEntries(RESOURCE_DETAIL_FIELDS.map(({ name }) => [name, values[name]]))) as object),
      }),
  });
  const { form, row, submitLabel, pending } = kit;

  return (
    <form className="form-grid two" {...form}>
      <FormKeys spec={SPEC} lang={lang} />
      {row('name', { wide: true, autoComplete: 'off' })}
      {row('category')}
      {row('city', { autoComplete: 'off' })}
      {row('address', { wide: true, autoComplete: 'off' })}
      {row('phone', { inputMode: 'tel', dir: 'ltr', autoComplete: 'off' })}
      {row('link', { type: 'url', inputMode: 'url', dir: 'ltr', autoComplete: 'off', placeholder: 'https://' })}
      {row('notes', { wide: true, dir: 'auto' })}
      <ListField field={detail('schedule')} form={kit} t={t} names={names.day} />
      <ListField field={detail('languages')} form={kit} t={t} names={names.language} />
      {row('cost')}
      <ListField field={detail('notRequired')} form={kit} t={t} />
      {row('whatToBring', { wide: true, dir: 'auto' })}
      {row('eligibility', { wide: true, dir: 'auto' })}
      <div className="wide">
        <button className="button" type="submit" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

import { lazy, Suspense } from 'react';
import type { AdminResource } from '../../common/contract/index.ts';
import { ADMIN_RESOURCE_CATEGORIES, LIMITS, PUBLIC_CATEGORY_OF, type AdminResourceCategory } from '../../common/contract/limits.ts';
import { LOCALES, type Lang } from '../../common/i18n/languages.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import { directoryNames, type DirectoryWords } from '../../common/i18n/directory-names.ts';
import { adminCategoryKey } from '../../common/i18n/values.ts';
import { RESOURCE_DETAIL_FIELDS } from '../../common/forms/directory.ts';
import { listTexts, withLists } from '../../common/forms/lists.ts';
import { ListField } from '../shared/list-fields.tsx';
import { adminIsland, DeskActions, DeskBadges, DeskForm, DeskList, useDesk } from './desk.tsx';
import type { T } from './AdminGate.tsx';
import { area, choice, text } from '../../common/forms/kit.ts';
import { deskForm, required } from '../../common/forms/admin.ts';

const RESOURCE_REQUIRED = required('resourcesAdmin.required');
const RESOURCE_DESK_FORM = deskForm('/resources', 'resourcesAdmin.add', { title: 'resourcesAdmin.added', text: 'resourcesAdmin.verifiedText' }, [
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
  // The counties are the page's (src/pages/[...lang]/resources-admin.astro), the countries the phone's names: the desk draws both.
  { name: 'serves', label: 'resourcesAdmin.serves', kind: 'choices', options: [] },
  { name: 'country', label: 'resourcesAdmin.country', kind: 'select', options: [], prompt: 'resourcesAdmin.countryNone' },
]);
const servesField = RESOURCE_DESK_FORM.fields.find((field) => field.name === 'serves')!;
// Only a consulate has a country: the list of countries loads when one is being written.
const BirthCountrySelect = lazy(() => import('../shared/BirthCountrySelect.tsx'));

/** /resources-admin: add, verify, edit and remove directory entries. */
export default adminIsland(ResourcesDesk);

function ResourcesDesk({ lang, t, words, counties }: { lang: Lang; t: T; words: DirectoryWords; counties: string[] }) {
  const names = directoryNames(words);
  // A verification date is a calendar day (YYYY-MM-DD), the same in every time zone.
  const day = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' });
  const desk = useDesk<AdminResource>({
    t,
    path: '/resources',
    spec: RESOURCE_DESK_FORM,
    updated: 'resourcesAdmin.updated',
    removed: { confirm: 'resourcesAdmin.confirmRemove', toast: ['resourcesAdmin.deleted', 'resourcesAdmin.deletedText'] },
    approve: { action: 'verify', toast: ['resourcesAdmin.verified', 'resourcesAdmin.verifiedText'] },
    body: (values) => withLists(RESOURCE_DESK_FORM, values),
    held: (item) => listTexts(RESOURCE_DESK_FORM, item),
  });
  const { id, items } = desk;
  const category = desk.form.values.adminCategory as AdminResourceCategory | '';

  return (
    <>
      <DeskForm
        desk={desk}
        title="resourcesAdmin.addTitle"
        editTitle="resourcesAdmin.editTitle"
        fields={{
          adminCategory: { hint: category ? t('resourcesAdmin.listedUnder', { category: t(`category.${PUBLIC_CATEGORY_OF[category]}` as MessageKey) }) : undefined },
          address: { autoComplete: 'street-address' },
          city: { autoComplete: 'address-level2' },
          link: { wide: true },
          whatToBring: { wide: true },
          eligibility: { wide: true },
        }}
        own={{
          ...Object.fromEntries(
            RESOURCE_DETAIL_FIELDS.filter((field) => field.kind === 'schedule' || field.kind === 'choices').map((field) => [
              field.name,
              <ListField field={field} form={desk.form} t={t} names={field.name === 'schedule' ? names.day : field.name === 'languages' ? names.language : undefined} />,
            ]),
          ),
          serves: <ListField field={{ ...servesField, options: counties }} form={desk.form} t={t} />,
          // Only a consulate has a country; the server forgets one sent for anything else.
          country:
            category === 'Consulate' ? (
              <div className="field">
                {desk.form.labelFor('country')}
                <Suspense fallback={null}>
                  <BirthCountrySelect lang={lang} none={t('resourcesAdmin.countryNone')} {...desk.form.field('country')} />
                </Suspense>
              </div>
            ) : (
              <></>
            ),
        }}
      />

      <DeskList desk={desk} kind="resource" title="resourcesAdmin.listTitle" empty="resourcesAdmin.empty">
        {(resource) => (
          <>
            <p className="admin-badges">
              <span className={`badge ${resource.status === 'pending' ? '' : 'ok'}`}>
                {t(resource.status === 'pending' ? 'resourcesAdmin.pending' : resource.verified ? 'resourcesAdmin.verifiedBadge' : 'resourcesAdmin.listed')}
              </span>
              <span className="badge type">{t(adminCategoryKey(resource.adminCategory))}</span>
              {resource.sample && <span className="badge">{t('common.sample')}</span>}
            </p>
            <h3 dir="auto">{resource.name}</h3>
            {resource.notes && <p dir="auto">{resource.notes}</p>}
            <ul className="admin-facts">
              {resource.address && <li dir="auto">{[resource.address, resource.city].filter(Boolean).join(', ')}</li>}
              {resource.phone && (
                <li>
                  <bdi>{resource.phone}</bdi>
                </li>
              )}
              {(['hours', 'services', 'requirements'] as const).map(
                (fact) =>
                  resource[fact] && (
                    <li key={fact}>
                      {t(`resourcesAdmin.${fact}`)}: <bdi>{resource[fact]}</bdi>
                    </li>
                  ),
              )}
              {resource.link && (
                <li>
                  <bdi>{resource.link}</bdi>
                </li>
              )}
              {resource.verifiedOn && (
                <li>
                  {t('resources.verifiedOn', { date: day.format(Date.parse(`${resource.verifiedOn}T00:00:00Z`)) })} · <bdi>{resource.verifiedBy}</bdi>
                </li>
              )}
            </ul>
            <DeskActions
              desk={desk}
              item={resource}
              approve={resource.verified ? 'resourcesAdmin.verifyAgain' : 'resourcesAdmin.verify'}
              edit="resourcesAdmin.edit"
              remove="resourcesAdmin.remove"
            />
          </>
        )}
      </DeskList>

      <DeskBadges
        t={t}
        id={`${id}-categories`}
        title="resourcesAdmin.categoriesTitle"
        badges={ADMIN_RESOURCE_CATEGORIES.map((category) => [
          category,
          <>
            {t(adminCategoryKey(category))} <span className="admin-count">{items?.filter((item) => item.adminCategory === category).length ?? 0}</span>
          </>,
        ])}
      />
    </>
  );
}

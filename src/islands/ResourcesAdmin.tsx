import type { AdminResource } from '../contract/index.ts';
import { ADMIN_RESOURCE_CATEGORIES, LIMITS, PUBLIC_CATEGORY_OF, type AdminResourceCategory } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { adminIsland, DeskActions, DeskBadges, DeskForm, DeskList, useDesk } from './admin/desk.tsx';
import type { T } from './AdminGate.tsx';

const empty = () => ({
  name: '',
  adminCategory: '' as AdminResourceCategory | '',
  address: '',
  city: '',
  phone: '',
  hours: '',
  notes: '',
  services: '',
  requirements: '',
  link: '',
});
type Form = ReturnType<typeof empty>;

export const adminCategoryKey = (category: AdminResourceCategory) => `adminCategory.${category.replace(/\s/g, '')}` as MessageKey;

/** /resources-admin: add, verify, edit and remove directory entries. */
export default adminIsland(ResourcesDesk);

function ResourcesDesk({ t }: { t: T }) {
  const desk = useDesk<AdminResource, Form>({
    t,
    path: '/resources',
    empty,
    required: [[['name', 'adminCategory', 'address'], 'resourcesAdmin.required']],
    created: () => ({ title: t('resourcesAdmin.added'), description: t('resourcesAdmin.addedText') }),
    updated: 'resourcesAdmin.updated',
    removed: { confirm: 'resourcesAdmin.confirmRemove', toast: ['resourcesAdmin.deleted', 'resourcesAdmin.deletedText'] },
    approve: { action: 'verify', toast: ['resourcesAdmin.verified', 'resourcesAdmin.verifiedText'] },
  });
  const { field, form, id, items } = desk;

  return (
    <>
      <DeskForm desk={desk} title="resourcesAdmin.addTitle" editTitle="resourcesAdmin.editTitle" submit="resourcesAdmin.add">
        {field('name', 'resourcesAdmin.name', { required: true, maxLength: LIMITS.name })}
        {desk.select(
          'adminCategory',
          'resourcesAdmin.category',
          [['', t('resourcesAdmin.chooseCategory')], ...ADMIN_RESOURCE_CATEGORIES.map((category) => [category, t(adminCategoryKey(category))] as const)],
          {
            required: true,
            hint: form.adminCategory ? t('resourcesAdmin.listedUnder', { category: t(`category.${PUBLIC_CATEGORY_OF[form.adminCategory]}` as MessageKey) }) : undefined,
          },
        )}
        {field('address', 'resourcesAdmin.address', { required: true, maxLength: 200, autoComplete: 'street-address' })}
        {field('city', 'resourcesAdmin.city', { maxLength: LIMITS.city, autoComplete: 'address-level2' })}
        {field('phone', 'resourcesAdmin.phone', { type: 'tel', maxLength: 40 })}
        {field('hours', 'resourcesAdmin.hours', { maxLength: LIMITS.payRange })}
        {field('link', 'resourcesAdmin.website', { type: 'url', maxLength: LIMITS.url, wide: true })}
        {field('notes', 'resourcesAdmin.description', { multiline: true, wide: true, maxLength: LIMITS.description })}
        {field('services', 'resourcesAdmin.services', { multiline: true, maxLength: LIMITS.description })}
        {field('requirements', 'resourcesAdmin.requirements', { multiline: true, maxLength: LIMITS.description })}
      </DeskForm>

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
              {resource.hours && (
                <li>
                  {t('resourcesAdmin.hours')}: <bdi>{resource.hours}</bdi>
                </li>
              )}
              {resource.services && (
                <li>
                  {t('resourcesAdmin.services')}: <bdi>{resource.services}</bdi>
                </li>
              )}
              {resource.requirements && (
                <li>
                  {t('resourcesAdmin.requirements')}: <bdi>{resource.requirements}</bdi>
                </li>
              )}
              {resource.link && (
                <li>
                  <bdi>{resource.link}</bdi>
                </li>
              )}
            </ul>
            <DeskActions desk={desk} item={resource} approve={!resource.verified && 'resourcesAdmin.verify'} edit="resourcesAdmin.edit" remove="resourcesAdmin.remove" />
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

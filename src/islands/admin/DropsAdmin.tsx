import type { AdminDrop } from '../../common/contract/index.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { formatDate } from '../../common/format.ts';
import { shareOrCopy } from '../../client/share.ts';
import { showToast } from '../../client/toast.ts';
import { adminIsland, DeskActions, DeskForm, DeskList, useDesk } from './desk.tsx';
import type { T } from './AdminGate.tsx';
import { DROP_STATUSES, LIMITS } from '../../common/contract/limits.ts';
import { area, choice, text } from '../../common/forms/kit.ts';
import { deskForm, required } from '../../common/forms/admin.ts';

const DROP_REQUIRED = required('dropsAdmin.required');
const DROP_DESK_FORM = deskForm('/drops', 'dropsAdmin.create', { title: 'dropsAdmin.created', text: 'dropsAdmin.createdText' }, [
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

/** The next Saturday (today if it is one) as YYYY-MM-DD: drops happen on Saturdays. */
function nextSaturday(): string {
  const day = new Date();
  day.setDate(day.getDate() + ((6 - day.getDay() + 7) % 7));
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** /drops-admin: create, edit, share and cancel food and supply drops. */
export default adminIsland(DropsDesk);

function DropsDesk({ lang, t }: { lang: Lang; t: T }) {
  const desk = useDesk<AdminDrop>({
    t,
    path: '/drops',
    spec: DROP_DESK_FORM,
    created: (values) => ({ description: t(values.status === 'active' ? 'dropsAdmin.createdText' : 'dropsAdmin.createdPlanningText') }),
    updated: 'dropsAdmin.updated',
    removed: { confirm: 'dropsAdmin.confirmCancel', toast: ['dropsAdmin.deleted', 'dropsAdmin.deletedText'] },
    editing: ['dropsAdmin.editing', 'dropsAdmin.editingText'],
  });

  const template = (kind: 'food' | 'toy') => {
    desk.fill({
      title: t(kind === 'food' ? 'dropsAdmin.foodTitle' : 'dropsAdmin.toyTitle'),
      date: nextSaturday(),
      time: t('dropsAdmin.templateTime'),
      notes: t(kind === 'food' ? 'dropsAdmin.foodDescription' : 'dropsAdmin.toyDescription'),
      whatWeBring: t(kind === 'food' ? 'dropsAdmin.foodItems' : 'dropsAdmin.toyItems'),
      volunteersNeeded: t(kind === 'food' ? 'dropsAdmin.foodVolunteers' : 'dropsAdmin.toyVolunteers'),
    });
    showToast({ title: t('dropsAdmin.templateLoaded'), description: t('dropsAdmin.templateLoadedText') });
    desk.showForm();
  };

  async function share(drop: AdminDrop) {
    const when = [formatDate(drop.date, lang), drop.time].filter(Boolean).join(', ');
    const where = [drop.meetSpot, drop.address, drop.city].filter(Boolean).join(', ');
    const text = [
      drop.title,
      drop.notes,
      t('dropsAdmin.shareWhen', { when }),
      t('dropsAdmin.shareWhere', { where }),
      drop.whatWeBring && t('dropsAdmin.shareItems', { items: drop.whatWeBring }),
      t('dropsAdmin.shareNoDocs'),
      `${location.origin}${localizePath('/drops', lang)}`,
    ]
      .filter(Boolean)
      .join('\n');
    const done = await shareOrCopy(drop.title ?? t('dropsAdmin.title'), text);
    if (done === 'copied') showToast({ title: t('dropsAdmin.copied'), description: t('dropsAdmin.copiedText'), variant: 'success' });
    if (done === 'failed') showToast({ title: t('admin.shareFailed'), variant: 'destructive' });
  }

  return (
    <>
      <DeskForm
        desk={desk}
        title="dropsAdmin.createTitle"
        editTitle="dropsAdmin.editTitle"
        fields={{
          time: { hint: t('dropsAdmin.timeHint') },
          meetSpot: { hint: t('dropsAdmin.locationHint') },
          address: { autoComplete: 'street-address' },
          city: { autoComplete: 'address-level2' },
          whatWeBring: { wide: true },
          notes: { wide: true },
          volunteersNeeded: { hint: t('dropsAdmin.volunteersHint') },
        }}
      />

      <DeskList desk={desk} kind="drop" title="dropsAdmin.listTitle" empty="dropsAdmin.empty">
        {(drop) => (
          <>
            <p className="admin-badges">
              <span className={`badge ${drop.status === 'active' ? 'ok' : 'plain'}`}>{t(drop.status === 'active' ? 'dropsAdmin.live' : 'dropsAdmin.planning')}</span>
              {drop.sample && <span className="badge">{t('common.sample')}</span>}
            </p>
            <h3 dir="auto">{drop.title}</h3>
            <p>
              {formatDate(drop.date, lang)}
              {drop.time && (
                <>
                  {' · '}
                  <bdi>{drop.time}</bdi>
                </>
              )}
            </p>
            <p dir="auto">{[drop.meetSpot, drop.address, drop.city].filter(Boolean).join(', ')}</p>
            {drop.whatWeBring && <p dir="auto">{drop.whatWeBring}</p>}
            {drop.notes && (
              <p className="note" dir="auto">
                {drop.notes}
              </p>
            )}
            <p className="note">
              {drop.volunteersNeeded && (
                <>
                  {t('dropsAdmin.volunteers')}: <bdi>{drop.volunteersNeeded}</bdi>
                  {' · '}
                </>
              )}
              {t('dropsAdmin.signedUp', { count: drop.volunteers.length })}
            </p>
            {drop.volunteers.length > 0 && (
              <details>
                <summary>{t('dropsAdmin.volunteerList')}</summary>
                <ul>
                  {drop.volunteers.map((person) => (
                    <li key={person.createdAt + person.contact}>
                      <bdi>{person.name}</bdi> · <bdi>{person.contact}</bdi>
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <DeskActions desk={desk} item={drop} edit="dropsAdmin.edit" remove="dropsAdmin.cancel">
              <button type="button" className="button secondary small" onClick={() => void share(drop)}>
                {t('dropsAdmin.share')}
              </button>
            </DeskActions>
          </>
        )}
      </DeskList>

      <div className="admin-footer">
        <button type="button" className="button secondary" onClick={() => template('food')}>
          {t('dropsAdmin.quickFood')}
        </button>
        <button type="button" className="button secondary" onClick={() => template('toy')}>
          {t('dropsAdmin.toyDrive')}
        </button>
        <a className="button secondary" href={localizePath('/drops', lang)}>
          {t('dropsAdmin.viewPublic')}
        </a>
      </div>
    </>
  );
}

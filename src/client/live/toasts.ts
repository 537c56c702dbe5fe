import type { LiveEvent } from '../../common/contract/events.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { ALERT_TYPE_KEYS } from '../../common/i18n/values.ts';
import type { ToastInput } from '../toast.ts';

export interface LiveNotice {
  toast: ToastInput;
  /** An OS notification, for the events worth interrupting a person for. */
  notification?: { title: string; body: string; tag: string };
}

type T = (key: MessageKey, vars?: Vars) => string;

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** A toast worth interrupting a person for: the OS notification says what it says, under `tag`. */
const interrupting = (toast: ToastInput & { description: string }, tag: string): LiveNotice => ({ toast, notification: { title: toast.title, body: toast.description, tag } });

/**
 * What a page shows for a live event (spec section 9: durations, styles and fallback texts), or
 * null for the quiet events that only refresh lists. A note on a missing-person record speaks only
 * to that record's owner (`ownRecord` finds it among this device's posts); everyone else hears
 * nothing, as the note's page shows it to whoever has it open.
 */
export function liveNotice(live: LiveEvent, t: T, ownRecord: (id: string) => { title: string } | undefined = () => undefined): LiveNotice | null {
  switch (live.event) {
    case 'new-missing-person': {
      const { name, lastSeenCity } = live.data;
      const description = lastSeenCity ? t('live.missingText', { name, city: lastSeenCity }) : t('live.missingTextNoCity', { name });
      return interrupting({ title: t('live.missingTitle'), description, variant: 'destructive', duration: 10_000 }, 'missing-person');
    }
    case 'emergency-alert': {
      const { type, city, details } = live.data;
      // Known alert types read in the page's language; anything else as it came.
      const typeKey = ALERT_TYPE_KEYS[type as keyof typeof ALERT_TYPE_KEYS];
      const title = t('live.emergencyTitle', { type: typeKey ? t(typeKey) : type });
      return interrupting({ title, description: `${city}: ${details}`, variant: 'destructive', duration: 15_000 }, 'emergency');
    }
    case 'new-resource': {
      const { category, name, city } = live.data;
      return { toast: { title: t('live.resourceTitle', { name }), description: join(category, city), duration: 5_000 } };
    }
    case 'new-job': {
      const { title, city, payRange, acceptsNoPapers } = live.data;
      const description = join(city, payRange ?? t('live.competitivePay'), acceptsNoPapers ? t('live.noPapers') : null);
      return interrupting({ title: t('live.jobTitle', { title }), description, duration: 8_000 }, 'job-opportunity');
    }
    case 'new-drop': {
      const { items, location, notes } = live.data;
      return { toast: { title: t('live.dropTitle'), description: `${join(items, location)}. ${notes ?? t('live.freeSupplies')}`, duration: 6_000 } };
    }
    case 'new-missing-person-note': {
      const record = ownRecord(live.data.postId);
      // Plain, whatever the note says: it may bring bad news, read in full on My posts.
      if (!record) return null;
      const title = record.title ? t('live.noteTitle', { name: record.title }) : t('live.noteTitleNoName');
      return interrupting({ title, description: t('live.noteText'), duration: 10_000 }, `note-${live.data.postId}`);
    }
    case 'new-assistance-request':
    case 'new-surplus-offer':
    case 'alert-state':
      return null;
  }
}

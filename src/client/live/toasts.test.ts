import { describe, expect, it } from 'vitest';
import { parseLiveEvent, type LiveEvent } from '../../common/contract/events.ts';
import { translator } from '../../common/i18n/index.ts';
import { liveNotice } from './toasts.ts';

const en = translator('en');
const notice = (raw: unknown) => liveNotice(parseLiveEvent(raw) as LiveEvent, en)!;

describe('liveNotice', () => {
  it('a missing person: 10 s, destructive, name and last-seen city, OS notification', () => {
    expect(notice({ event: 'new-missing-person', data: { id: 'x1', name: 'Rosa', lastSeenCity: 'Fresno' } })).toEqual({
      toast: { title: 'Missing person alert', description: 'Rosa was last seen in Fresno.', variant: 'destructive', duration: 10_000 },
      notification: { title: 'Missing person alert', body: 'Rosa was last seen in Fresno.', tag: 'missing-person' },
    });
    expect(notice({ event: 'new-missing-person', data: { id: 'x1', name: 'Rosa' } }).toast.description).toBe('Rosa has been reported missing.');
  });

  it('an emergency alert: 15 s, destructive, tagged emergency', () => {
    const { toast, notification } = notice({ event: 'emergency-alert', data: { id: 'x1', type: 'Safety Checkpoint', city: 'Fresno', details: 'Blackstone Ave' } });
    expect(toast).toMatchObject({ title: 'Emergency alert: Safety Checkpoint', description: 'Fresno: Blackstone Ave', variant: 'destructive', duration: 15_000 });
    expect(notification?.tag).toBe('emergency');
    const report = notice({ event: 'emergency-alert', data: { id: 'x1', type: 'Enforcement Activity', city: 'Fresno', details: 'Agents at the corner' } });
    expect(report.toast.title).toBe('Emergency alert: Immigration enforcement');
  });

  it('a new resource: 5 s, default style, no OS notification', () => {
    const result = notice({ event: 'new-resource', data: { id: 'x1', category: 'Food', name: 'Pantry', city: 'Fresno' } });
    expect(result.toast).toEqual({ title: 'New resource: Pantry', description: 'Food · Fresno', duration: 5_000 });
    expect(result.notification).toBeUndefined();
  });

  it("a new job: 8 s, 'Competitive pay' without a pay range, 'No papers required!' when it says so", () => {
    const job = (data: object) => notice({ event: 'new-job', data: { id: 'x1', title: 'Cook', city: 'Fresno', ...data } });
    expect(job({ acceptsNoPapers: true }).toast).toEqual({ title: 'New job: Cook', description: 'Fresno · Competitive pay · No papers required!', duration: 8_000 });
    expect(job({ acceptsNoPapers: true, payRange: '$18/hour' }).toast.description).toBe('Fresno · $18/hour · No papers required!');
    expect(job({ acceptsNoPapers: false, payRange: '$20/h' }).toast.description).toBe('Fresno · $20/h');
    expect(job({ acceptsNoPapers: false }).notification?.tag).toBe('job-opportunity');
  });

  it("a new drop: 6 s, 'Free community supplies!' without notes", () => {
    expect(notice({ event: 'new-drop', data: { id: 'x1', items: 'Rice, beans', location: 'Roeding Park' } }).toast).toEqual({
      title: 'New food & supply drop',
      description: 'Rice, beans · Roeding Park. Free community supplies!',
      duration: 6_000,
    });
    expect(notice({ event: 'new-drop', data: { id: 'x1', items: 'Rice', location: 'Park', notes: 'Bring bags' } }).toast.description).toBe('Rice · Park. Bring bags');
  });

  it('speaks the page language', () => {
    const ar = translator('ar');
    const { toast } = liveNotice(parseLiveEvent({ event: 'new-job', data: { id: 'x1', title: 'Cook', acceptsNoPapers: true } }) as LiveEvent, ar)!;
    expect(toast.description).toContain(ar('live.competitivePay'));
    expect(toast.description).toContain(ar('live.noPapers'));
  });
});

describe('a note on a missing-person record', () => {
  const note = parseLiveEvent({ event: 'new-missing-person-note', data: { id: 'n1', postId: 'rec-1', status: 'believed_alive' } }) as LiveEvent;

  it("tells the record's owner, by the name they posted, in a plain toast and an OS notification", () => {
    const owned = liveNotice(note, en, (id) => (id === 'rec-1' ? { title: 'Rosa Díaz' } : undefined))!;
    expect(owned.toast).toEqual({ title: "New note on Rosa Díaz's record", description: en('live.noteText'), duration: 10_000 });
    expect(owned.notification).toEqual({ title: "New note on Rosa Díaz's record", body: en('live.noteText'), tag: 'note-rec-1' });
    expect(liveNotice(note, en, () => ({ title: '' }))!.toast.title).toBe(en('live.noteTitleNoName'));
  });

  it('says nothing to anyone else', () => {
    expect(liveNotice(note, en)).toBeNull();
    expect(liveNotice(note, en, (id) => (id === 'rec-2' ? { title: 'Someone else' } : undefined))).toBeNull();
  });
});

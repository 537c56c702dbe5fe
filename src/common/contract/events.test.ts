import { describe, expect, it } from 'vitest';
import { encodeLiveEvent, LIVE_TEXT_MAX, parseLiveEvent } from './events.ts';

describe('parseLiveEvent', () => {
  it('keeps an event that follows the contract, dropping fields it does not name', () => {
    expect(parseLiveEvent({ event: 'new-missing-person', data: { id: 'post-1', name: ' Rosa ', lastSeenCity: 'Fresno', phone: 'secret' } })).toEqual({
      event: 'new-missing-person',
      data: { id: 'post-1', name: 'Rosa', lastSeenCity: 'Fresno' },
    });
  });

  it('turns missing or blank optional fields into null', () => {
    expect(parseLiveEvent({ event: 'new-job', data: { id: 'job-1', title: 'Cook', acceptsNoPapers: true, payRange: '  ' } })).toEqual({
      event: 'new-job',
      data: { id: 'job-1', title: 'Cook', city: null, payRange: null, acceptsNoPapers: true, contact: null },
    });
  });

  it('cuts texts longer than a toast can carry', () => {
    const parsed = parseLiveEvent({ event: 'new-drop', data: { id: 'drop-1', items: 'x'.repeat(5000), location: 'Park' } });
    expect(parsed?.data).toMatchObject({ items: 'x'.repeat(LIVE_TEXT_MAX), notes: null });
  });

  it.each([
    ['not an object', 'new-missing-person'],
    ['an unknown event', { event: 'hello', data: {} }],
    ['an inherited name', { event: 'toString', data: {} }],
    ['no data', { event: 'new-missing-person' }],
    ['data that is a list', { event: 'new-missing-person', data: ['Rosa'] }],
    ['a missing required text', { event: 'emergency-alert', data: { id: 'alert-1', type: 'Safety Checkpoint', city: 'Fresno' } }],
    ['no id', { event: 'new-missing-person', data: { name: 'Rosa' } }],
    ['a blank required text', { event: 'new-missing-person', data: { id: 'post-1', name: '  ' } }],
    ['a required text of the wrong type', { event: 'new-missing-person', data: { id: 'post-1', name: 42 } }],
    ['an optional text of the wrong type', { event: 'new-missing-person', data: { id: 'post-1', name: 'Rosa', lastSeenCity: { city: 'x' } } }],
    ['a boolean that is a string', { event: 'new-job', data: { id: 'job-1', title: 'Cook', acceptsNoPapers: 'true' } }],
  ])('refuses %s', (_label, raw) => {
    expect(parseLiveEvent(raw)).toBeNull();
    expect(encodeLiveEvent(raw)).toBeNull();
  });

  it('encodes what it keeps as the message the room sends', () => {
    expect(JSON.parse(encodeLiveEvent({ event: 'new-resource', data: { id: 'resource-1', category: 'Food', name: 'Pantry', city: 'Fresno' } })!)).toEqual({
      event: 'new-resource',
      data: { id: 'resource-1', category: 'Food', name: 'Pantry', city: 'Fresno' },
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../common/contract/events.ts';
import { postingOwn, unlessOwn } from './own-posts.ts';

const missing = (id: string): LiveEvent => ({ event: 'new-missing-person', data: { id, name: `Person ${id}`, lastSeenCity: null } });

describe('own posts, told apart by id', () => {
  let shown: string[];
  const receive = (event: LiveEvent) => unlessOwn(event, () => shown.push(event.data.id));
  beforeEach(() => {
    shown = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("hides the echo that comes after the answer, and shows everybody else's", () => {
    postingOwn('new-missing-person')('mine-1');
    receive(missing('mine-1'));
    receive(missing('theirs-1'));
    expect(shown).toEqual(['theirs-1']);
  });

  it('holds events of the kind while the post is on its way, then hides only its own', () => {
    const settle = postingOwn('new-missing-person');
    receive(missing('mine-2'));
    receive(missing('theirs-2'));
    receive({ event: 'new-drop', data: { id: 'drop-1', items: 'Rice', location: 'Park', notes: null } });
    expect(shown).toEqual(['drop-1']);
    settle('mine-2');
    expect(shown).toEqual(['drop-1', 'theirs-2']);
  });

  it('a failed post shows what it held; a post that never answers holds nothing past 10 s', () => {
    const failed = postingOwn('new-missing-person');
    receive(missing('theirs-3'));
    failed(null);
    expect(shown).toEqual(['theirs-3']);

    postingOwn('new-missing-person');
    receive(missing('theirs-4'));
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual(['theirs-3']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['theirs-3', 'theirs-4']);
  });
});

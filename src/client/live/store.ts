import { atom } from 'nanostores';
import type { LiveEvent } from '../../common/contract/events.ts';

/** The latest live event this page heard, for islands whose lists should follow it. */
export const $liveEvent = atom<LiveEvent | null>(null);

/** Whether this page hears the live room right now. */
export const $liveConnected = atom(false);

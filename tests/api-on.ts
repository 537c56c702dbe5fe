import type { Database } from '../db/client.ts';
import { createApp } from '../functions/app.ts';
import type { Deps } from '../functions/deps.ts';
import { fileMediaStore } from '../functions/media/file-store.ts';

/**
 * The real API over a database and media folder a test made itself (a restored backup, an old
 * release's data folder), with the host's parts it names: the live room, the clock.
 */
export function apiOn(db: Database, mediaFolder: string, host: Partial<Pick<Deps, 'publish' | 'watching' | 'now'>> = {}) {
  return createApp({ db, media: fileMediaStore(mediaFolder), publish: () => {}, watching: () => 0, clientAddress: () => '203.0.113.7', ...host });
}

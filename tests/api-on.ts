import type { Database } from '../db/client.ts';
import { createApp } from '../functions/app.ts';
import type { Deps } from '../functions/deps.ts';
import { dataKey, newDataKey } from '../functions/domain/sealed.ts';
import { fileMediaStore } from '../functions/hosts/node/file-store.ts';

/**
 * The real API over a database and media folder a test made itself (a restored backup, an old
 * release's data folder), with the host's parts it names: the live room, the clock, the data key
 * (the one its data was sealed with; a new one for data that has none yet).
 */
export function apiOn(db: Database, mediaFolder: string, host: Partial<Pick<Deps, 'publish' | 'watching' | 'now' | 'dataKey'>> = {}) {
  return createApp({ db, dataKey: dataKey(newDataKey()), media: fileMediaStore(mediaFolder), publish: () => {}, watching: () => 0, clientAddress: () => '203.0.113.7', ...host });
}

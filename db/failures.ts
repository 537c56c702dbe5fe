/**
 * Storage failures a visitor can do nothing about but wait: the database is locked by another
 * process (a backup, a migration, `npm run admin:create`) or the disk is full. They are told
 * apart from our own bugs so the API can answer them clearly (503 busy, 507 full) instead of
 * "something went wrong".
 */
export type StorageFailure = 'busy' | 'full';

export function storageFailure(error: unknown): StorageFailure | null {
  // Drizzle wraps the driver's error in `cause`; a batch error carries the statement's code.
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, extendedCode } = current as { code?: unknown; extendedCode?: unknown };
    const codes = `${String(code)} ${String(extendedCode)}`;
    if (/\bSQLITE_(BUSY|LOCKED)/.test(codes)) return 'busy';
    if (/\bSQLITE_FULL\b|\bENOSPC\b|\bEDQUOT\b/.test(codes)) return 'full';
  }
  return null;
}

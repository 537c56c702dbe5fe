import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file of the official standards, where the workspace keeps them (`shared/standards/` beside the
 * project, or above a worktree); null where they are absent, and the tests that read it skip.
 */
export function standardFile(path: string): string | null {
  for (let dir = fileURLToPath(new URL('..', import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'shared/standards', path);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Why a test that needs the standards did not run. */
export const NO_STANDARDS = 'skipped: ../shared/standards/ is not beside this project';

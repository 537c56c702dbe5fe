/** A non-success answer: its message is "status: body text" (or the status text). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Why the last call failed, when the cause is not the person's input; the toast says so. */
export type FailureCause = 'offline' | 'server-busy';
let lastFailure: { at: number; cause: FailureCause } | undefined;
const failed = (cause: FailureCause) => (lastFailure = { at: Date.now(), cause });

/**
 * Whether a call failed in the last second through no fault of what was typed: the device is
 * offline, or the server could not save it (its database busy, its disk full: 503 busy, 507).
 */
export function failureJustNow(): FailureCause | null {
  if (!lastFailure || Date.now() - lastFailure.at >= 1000) return null;
  return lastFailure.cause === 'offline' && navigator.onLine ? null : lastFailure.cause;
}

/** Calls our own API (cookies included) and parses the JSON answer. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    if (!navigator.onLine) failed('offline');
    throw error;
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (response.status === 503 && !navigator.onLine) failed('offline');
    else if ([503, 507].includes(response.status) && /"code":"(busy|storage_full)"/.test(text)) failed('server-busy');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  // 204: done, nothing to read (a deletion).
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body) });

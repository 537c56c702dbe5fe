/** A non-success answer: its message is "status: body text" (or the status text). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

let offlineFailureAt = 0;

/** Whether a call failed in the last second because the device is offline (the toast says so). */
export const failedOfflineJustNow = () => Date.now() - offlineFailureAt < 1000 && !navigator.onLine;

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
    if (!navigator.onLine) offlineFailureAt = Date.now();
    throw error;
  }
  if (response.status === 503 && !navigator.onLine) offlineFailureAt = Date.now();
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  // 204: done, nothing to read (a deletion).
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body) });

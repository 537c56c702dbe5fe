import type { ApiErrorBody } from '../common/contract/index.ts';
import { POW_HEADER, type PowChallenge } from '../common/contract/pow.ts';
import type { Route, RouteBody, RouteAnswer } from '../common/contract/routes.ts';
import type { FailureCause } from './toast.ts';

const causeOf = (status: number, code: string): FailureCause => {
  if (code === 'offline') return 'offline';
  if (code === 'busy' || code === 'storage_full') return code;
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 413 || status === 415) return 'invalid';
  return 'refused';
};

/**
 * A failed call, parsed once: its status (0 when nothing came back), the server's error code,
 * message and refused `fields` (contract names), and the cause. `message` stays "status: body
 * text" (or the status text), as the spec says.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** The server's own words on what went wrong (English), when it said any: "Line 4: ..." for a refused file. */
  readonly detail: string;
  /** The proof of work the server asks for before it does this (a 428, or a 429 past a client's limit). */
  readonly challenge: PowChallenge | undefined;
  declare readonly cause: FailureCause;

  constructor(status: number, message: string, error: Partial<ApiErrorBody['error']> = {}) {
    const code = error.code ?? (status === 0 ? 'network' : 'unknown');
    super(message, { cause: causeOf(status, code) });
    this.status = status;
    this.code = code;
    this.fields = error.fields ?? {};
    this.detail = error.message ?? '';
    this.challenge = error.challenge as PowChallenge | undefined;
  }

  /** The error of an answer that is not a success; its body is read here and nowhere else. */
  static async from(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    // The offline page's service worker answers 503 while the device has no network.
    if (response.status === 503 && !navigator.onLine) return new ApiError(0, 'offline', { code: 'offline' });
    let body: Partial<ApiErrorBody> = {};
    try {
      body = JSON.parse(text) as ApiErrorBody;
    } catch {
      // Not our JSON (a proxy's page): the status says enough.
    }
    return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body.error ?? {});
  }
}

/** The cause of any thrown value: an ApiError's own, else undefined. */
export const failureCause = (error: unknown): FailureCause | undefined => (error instanceof ApiError ? error.cause : undefined);

/**
 * Calls our own API (cookies included) and parses the JSON answer; a failure throws an ApiError.
 * When the server asks for a proof of work first (a contact, or a write while posts pour in),
 * the solver's chunk is loaded, solves it in a Web Worker and the same request goes again once
 * with the solution: the caller only sees it take a moment longer.
 */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const send = async (proof?: string) => {
    try {
      return await fetch(path, {
        credentials: 'same-origin',
        ...init,
        headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(proof ? { [POW_HEADER]: proof } : {}), ...init.headers },
      });
    } catch (error) {
      throw navigator.onLine ? new ApiError(0, (error as Error).message) : new ApiError(0, 'offline', { code: 'offline' });
    }
  };
  let response = await send();
  if (!response.ok) {
    const error = await ApiError.from(response);
    const proof = error.challenge && (await (await import('./pow-solve.ts')).solve(error.challenge));
    if (!proof) throw error;
    response = await send(proof);
  }
  if (!response.ok) throw await ApiError.from(response);
  // 204: done, nothing to read (a deletion).
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body) });

/**
 * A typed call: `call('POST /api/lost-found', body)`. The route map gives the body's and the
 * answer's types from the contract, so a renamed field breaks every caller's typecheck. `path`
 * fills the route's `:id`; its `token`, a post's manage secret, goes in the Authorization header.
 */
export function call<R extends Route>(route: R, body: RouteBody<R>, path?: { id: string; token?: string }): Promise<RouteAnswer<R>> {
  const [method, address] = route.split(' ') as [string, string];
  const url = path ? address.replace(':id', encodeURIComponent(path.id)) : address;
  return api<RouteAnswer<R>>(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(path?.token ? { headers: { authorization: `Bearer ${path.token}` } } : {}),
  });
}

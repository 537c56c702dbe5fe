import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import { MAX_JSON_BYTES, type ApiErrorBody } from '../../src/common/contract/index.ts';
import type { ListedTable } from '../domain/time.ts';

/** An answer in the one error shape: `{ error: { code, message, fields? } }`. */
export function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return c.json(body, status);
}

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body and checks it against a contract schema. Anything else (another content type,
 * a body over the cap, broken JSON, fields that break the contract) is answered with the matching
 * 415/413/400 error and never reaches the handler.
 */
export async function readJson<S extends z.ZodMiniType>(c: Context, schema: S): Promise<Parsed<z.output<S>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: apiError(c, 415, 'unsupported_media_type', 'Send the body as application/json') };
  }
  const tooLarge = () => ({ ok: false as const, response: apiError(c, 413, 'payload_too_large', `The body must be at most ${MAX_JSON_BYTES} bytes`) });
  if (Number(c.req.header('content-length') ?? 0) > MAX_JSON_BYTES) return tooLarge();
  const bytes = await readCapped(c.req.raw, MAX_JSON_BYTES);
  if (bytes === null) return tooLarge();
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_json', 'The body is not valid JSON') };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return { ok: false, response: apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', fields) };
  }
  return { ok: true, data: result.data };
}

/** What jsonBody adds to a route's context. */
export type WithBody<S extends z.ZodMiniType> = { Variables: { body: z.output<S> } };

/** readJson as a route's middleware: the handler gets the checked body as `c.var.body`. */
export const jsonBody =
  <S extends z.ZodMiniType>(schema: S): MiddlewareHandler<WithBody<S>> =>
  async (c, next) => {
    const input = await readJson(c, schema);
    if (!input.ok) return input.response;
    c.set('body', input.data);
    await next();
  };

/** The body's bytes, or null once it grows past `limit` bytes (read no further than that). */
export async function readCapped(request: { body: ReadableStream<Uint8Array> | null }, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned body settles only once the other is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The longest `beforeId` taken (ids are UUIDs; a PFIF record's is its own). */
const MAX_ID_LENGTH = 200;

/**
 * A list's next page in `newestFirst` order, from its `before=` query (the `createdAt` of the last
 * one shown) and `beforeId=` (its id), as a condition: those of an earlier minute, and those of
 * the same minute written before that one. Without `beforeId` (or when that row is gone), all of
 * that minute are skipped. None without `before`; a 400 answer when it is no time.
 */
export function createdBefore(c: Context, table: ListedTable): { ok: true; where: SQL | undefined; at: string | undefined } | { ok: false; response: Response } {
  const before = c.req.query('before');
  const beforeId = c.req.query('beforeId');
  if (before === undefined) return { ok: true, where: undefined, at: undefined };
  if (Number.isNaN(Date.parse(before))) return { ok: false, response: apiError(c, 400, 'invalid_query', 'before must be an ISO date and time') };
  if (beforeId !== undefined && (!beforeId || beforeId.length > MAX_ID_LENGTH))
    return { ok: false, response: apiError(c, 400, 'invalid_query', 'beforeId must be the id of the last one shown') };
  const at = new Date(before).toISOString();
  const sameMinute = beforeId === undefined ? undefined : and(eq(table.createdAt, at), sql`${table}.rowid < (select rowid from ${table} where ${table.id} = ${beforeId})`);
  return { ok: true, where: or(lt(table.createdAt, at), sameMinute), at };
}

/** The `limit` query parameter as a page size within the cap. */
export function pageSize(c: Context, defaults: { default: number; max: number }): number {
  const asked = Number.parseInt(c.req.query('limit') ?? '', 10);
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, defaults.max) : defaults.default;
}

/** The first `size` bytes of a stream (fewer if it ends), and a stream of everything, those bytes included. */
export async function peek(body: ReadableStream<Uint8Array>, size: number): Promise<{ head: Uint8Array; whole: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const head = new Uint8Array(length);
  chunks.reduce((offset, chunk) => (head.set(chunk, offset), offset + chunk.byteLength), 0);
  const whole = new ReadableStream<Uint8Array>({
    start: (controller) => void (length && controller.enqueue(head)),
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, whole };
}

/** Passes exactly `size` bytes through and fails the stream on any more. */
export const exactly = (size: number) => {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > size) controller.error(new Error('body longer than its Content-Length'));
      else controller.enqueue(chunk);
    },
    flush(controller) {
      if (seen !== size) controller.error(new Error('body shorter than its Content-Length'));
    },
  });
};

/**
 * Passes a body through and fails it if it has not ended `ms` after it started, so that a sender
 * too slow (or stalled on purpose) cannot hold what was reserved for it.
 */
export const within = (ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => clearTimeout(timer);
  // `cancel` (the body failed on its own) is newer than TypeScript's Transformer.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
    start(controller) {
      timer = setTimeout(() => controller.error(new Error(`body not whole within ${ms} ms`)), ms);
      // The timer alone never keeps the Node process up.
      (timer as { unref?: () => void }).unref?.();
    },
    transform: (chunk, controller) => controller.enqueue(chunk),
    flush: stop,
    cancel: stop,
  };
  return new TransformStream(transformer);
};

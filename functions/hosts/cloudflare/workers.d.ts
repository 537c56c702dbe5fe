/**
 * What functions/hosts/cloudflare/ uses of Cloudflare's runtime, typed by hand: @cloudflare/workers-types
 * declares its own Request, Response and streams globally, which would clash with the DOM and Node
 * types every other file is checked against.
 */
declare module 'cloudflare:workers' {
  export function waitUntil(promise: Promise<unknown>): void;

  /** What the live room (party/live-room.ts, through partyserver) uses of its Durable Object. */
  export abstract class DurableObject<Env = unknown> {
    protected env: Env;
    protected ctx: {
      storage: { getAlarm(): Promise<number | null>; setAlarm(at: number): Promise<void> };
      /** A message the runtime answers itself, without waking the object, noting when. */
      setWebSocketAutoResponse(pair: WebSocketRequestResponsePair): void;
      getWebSocketAutoResponseTimestamp(socket: WebSocket): Date | null;
    };
  }
}

declare class WebSocketRequestResponsePair {
  constructor(request: string, response: string);
}

/** A stream that passes exactly `expectedLength` bytes, so R2 knows a streamed body's length up front. */
declare class FixedLengthStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(expectedLength: number);
}

/** The R2 bucket binding (MEDIA in wrangler.toml): the three calls the media store makes. */
interface R2Bucket {
  put(key: string, value: ReadableStream<Uint8Array> | Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(
    key: string,
    options?: { range?: { offset: number; length: number } },
  ): Promise<{ body: ReadableStream<Uint8Array>; size: number; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
  createMultipartUpload(key: string): Promise<R2MultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): R2MultipartUpload;
}

/** R2's multipart upload: every part but the last of one size, at least 5 MiB. */
interface R2MultipartUpload {
  readonly uploadId: string;
  uploadPart(partNumber: number, value: ReadableStream<Uint8Array> | Uint8Array): Promise<{ partNumber: number; etag: string }>;
  complete(parts: { partNumber: number; etag: string }[]): Promise<unknown>;
  abort(): Promise<void>;
}

/** A Durable Object binding (LiveRoom in wrangler.toml); partyserver finds the room in it by name. */
interface DurableObjectNamespace<T> {
  readonly __object?: T;
}

/** The context a fetch handler gets, handed on to the Astro renderer (its `props` carry the page's API). */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  props: unknown;
}

/** Cloudflare's cache in each data center, in front of this worker (the Cache API's `default`). */
interface CacheStorage {
  readonly default: Cache;
}

/** Where uploaded photos live: a folder for the Node host, an R2 bucket on Cloudflare. */
export interface MediaStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array | ReadableStream; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** Keys are "{kind}/{id}", made by the server; anything else is refused before the disk is touched. */
export const MEDIA_KEY = /^[a-z-]+\/[0-9a-f-]{36}$/;

/** Answers GET /images/{kind}/{id} from the store, on both hosts. */
export async function serveMedia(media: MediaStore, pathname: string): Promise<Response> {
  const found = await media.get(pathname.replace(/^\/images\//, ''));
  if (!found) return new Response('Not found', { status: 404 });
  return new Response(found.body as BodyInit, {
    headers: {
      'content-type': found.contentType,
      // Photos can be deleted when their report expires: let phones keep them a while, not forever.
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
}

import type { MediaStore } from '../../media/store.ts';

/** Where a multipart upload's parts are joined: a key no media key matches, so /images never serves it. */
const joinedKey = (id: string) => `.multipart/${id}`;

/** Photos and videos in the R2 bucket; multipart uploads are R2's own. */
export const r2Media = (bucket: R2Bucket): MediaStore => ({
  async put(key, body, contentType, size) {
    if (body instanceof Uint8Array) {
      await bucket.put(key, body, { httpMetadata: { contentType } });
      return;
    }
    // R2 takes a stream only with its length known up front; a short or failed stream fails the
    // put, and R2 then stores nothing.
    const { readable, writable } = new FixedLengthStream(size);
    await Promise.all([bucket.put(key, readable, { httpMetadata: { contentType } }), body.pipeTo(writable)]);
  },
  async get(key, range) {
    const object = await bucket.get(key, range && { range: { offset: range.start, length: range.end - range.start + 1 } });
    return object && { body: object.body, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream', size: object.size };
  },
  async delete(key) {
    await bucket.delete(key);
  },
  multipart: {
    async start(id) {
      return (await bucket.createMultipartUpload(joinedKey(id))).uploadId;
    },
    async putPart(id, storeId, partNumber, body, size) {
      const { readable, writable } = new FixedLengthStream(size);
      const [part] = await Promise.all([bucket.resumeMultipartUpload(joinedKey(id), storeId).uploadPart(partNumber, readable), body.pipeTo(writable)]);
      return part.etag;
    },
    async join(id, storeId, parts) {
      await bucket.resumeMultipartUpload(joinedKey(id), storeId).complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
      const joined = await bucket.get(joinedKey(id));
      if (!joined) throw new Error(`the joined upload ${id} is gone`);
      return joined.body;
    },
    async drop(id, storeId) {
      // Completed or not: one of the two is left.
      await bucket
        .resumeMultipartUpload(joinedKey(id), storeId)
        .abort()
        .catch(() => {});
      await bucket.delete(joinedKey(id));
    },
  },
});

const encoder = new TextEncoder();

/**
 * A multipart/form-data body read as it arrives, for the one shape an upload form has (S3's POST,
 * as @uppy/aws-s3 and src/lib/multipart.ts send it): a few short fields, then the file, last. The
 * fields are read into memory (with their headers, at most `fieldsCap` bytes); the file is handed
 * on as a stream of exactly its length, which the body's `length` tells once the fields are read,
 * so it streams to the store and is never held whole. (Hono's parseBody and undici's formData()
 * read the whole body first; busboy is Node's only.)
 *
 * The body must end as browsers, undici and curl end it: the closing boundary and a line break. A
 * file that holds the boundary (a field after it), or any other ending, fails the file's stream,
 * and the store keeps nothing of a failed stream. Answers null for a form of another shape
 * (no boundary, no `file`, fields past the cap).
 */
export async function streamedForm(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  length: number,
  fieldsCap: number,
): Promise<{ fields: Map<string, string>; file: ReadableStream<Uint8Array>; size: number } | null> {
  const boundary = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  if (!boundary) {
    await body.cancel();
    return null;
  }
  const dashBoundary = `--${boundary[1] ?? boundary[2]}`;
  const delimiter = encoder.encode(`\r\n${dashBoundary}`);
  const nextPart = encoder.encode(`\r\n${dashBoundary}\r\n`);
  const closing = encoder.encode(`\r\n${dashBoundary}--\r\n`);
  const reader = body.getReader();
  let buffer: Uint8Array = new Uint8Array(0);
  /** Reads on until `buffer` holds `needle` from `from`; answers where, or -1 past the cap or at the end. */
  const readTo = async (needle: Uint8Array, from: number): Promise<number> => {
    for (;;) {
      const at = find(buffer, needle, from);
      if (at >= 0) return at + needle.byteLength > fieldsCap ? -1 : at;
      if (buffer.byteLength > fieldsCap) return -1;
      const { done, value } = await reader.read();
      if (done) return -1;
      buffer = concat(buffer, value);
    }
  };
  const refuse = async () => {
    await reader.cancel().catch(() => undefined);
    return null;
  };

  const fields = new Map<string, string>();
  const first = encoder.encode(`${dashBoundary}\r\n`);
  if ((await readTo(first, 0)) !== 0) return refuse();
  let at = first.byteLength;
  for (;;) {
    const headersEnd = await readTo(encoder.encode('\r\n\r\n'), at);
    if (headersEnd < 0) return refuse();
    const headers = new TextDecoder().decode(buffer.subarray(at, headersEnd));
    const name = /^content-disposition:\s*form-data\b.*?;\s*name="([^"]*)"/im.exec(headers)?.[1];
    if (name === undefined) return refuse();
    const start = headersEnd + 4;
    if (name === 'file') {
      at = start;
      break;
    }
    // A field is followed by the next part: the file is still to come.
    const end = await readTo(nextPart, start);
    if (end < 0) return refuse();
    fields.set(name, new TextDecoder().decode(buffer.subarray(start, end)));
    at = end + nextPart.byteLength;
  }
  const size = length - at - closing.byteLength;
  if (size < 0) return refuse();

  // The file's bytes and the closing after them: the first delimiter must be where the file ends.
  let pending: Uint8Array | null = buffer.subarray(at);
  let offset = 0;
  let tail: Uint8Array = new Uint8Array(0);
  let ending: Uint8Array = new Uint8Array(0);
  const file = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let chunk = pending;
        pending = null;
        if (!chunk) {
          const next = await reader.read();
          if (next.done) {
            if (ending.byteLength === closing.byteLength && find(ending, closing, 0) === 0) controller.close();
            else controller.error(new Error('the form does not end with its closing boundary right after the file'));
            return;
          }
          chunk = next.value;
        }
        const across = find(concat(tail, chunk.subarray(0, delimiter.byteLength - 1)), delimiter, 0);
        const inside = find(chunk, delimiter, 0);
        const found = across >= 0 && across < tail.byteLength ? offset - tail.byteLength + across : inside >= 0 ? offset + inside : -1;
        if (found >= 0 && found < size) return controller.error(new Error('the file holds the form boundary: a field after the file?'));
        tail = (chunk.byteLength >= delimiter.byteLength - 1 ? chunk : concat(tail, chunk)).slice(-(delimiter.byteLength - 1));
        const kept = Math.max(0, Math.min(chunk.byteLength, size - offset));
        ending = concat(ending, chunk.subarray(kept));
        offset += chunk.byteLength;
        if (ending.byteLength > closing.byteLength) return controller.error(new Error('the form goes on after its closing boundary'));
        if (kept) return controller.enqueue(chunk.subarray(0, kept));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { fields, file, size };
}

/** Where `needle` first occurs in `haystack` from `from`, or -1. */
function find(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = haystack.indexOf(needle[0]!, from); i >= 0 && i + needle.byteLength <= haystack.byteLength; i = haystack.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    while (j < needle.byteLength && haystack[i + j] === needle[j]) j++;
    if (j === needle.byteLength) return i;
  }
  return -1;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (!a.byteLength) return b;
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
};

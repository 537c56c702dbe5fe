import * as Multipasta from 'multipasta';

const encoder = new TextEncoder();

/**
 * A multipart/form-data body read as it arrives, for the one shape an upload form has (S3's POST,
 * as @uppy/aws-s3 and src/client/uploads/multipart.ts send it): a few short fields, then the file, last. The
 * parsing is multipasta's (its core parser, which runs on Uint8Arrays in Node and workerd alike;
 * Hono's parseBody and undici's formData() read the whole body first, busboy is Node's only, and
 * @remix-run/multipart-parser holds each part whole). The fields are read into memory (the body up
 * to the file's bytes at most `fieldsCap` bytes); the file is handed on as a stream of exactly its
 * length, so it streams to the store and is never held whole.
 *
 * What the parser does not tell is the glue around it: the body is fed to it only as the file's
 * stream is read (its own web streams read ahead with no limit), and the file's length, which the
 * store needs before its first byte, is the body's `length` less where the file starts (after the
 * headers of its part, found in the first bytes kept for the fields) and the closing boundary.
 * The file's stream fails unless what the parser then hands on as the file is that many bytes,
 * the last part, followed by the closing boundary and a line break that end the body, as
 * browsers, undici and curl end it; the store keeps nothing of a failed stream. So a file that
 * holds the boundary (a field after it), or any other ending, is refused. Answers null for a form
 * of another shape (no boundary, no `file`, fields past the cap).
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
  const dashBoundary = encoder.encode(`--${boundary[1] ?? boundary[2]}`);
  const closing = encoder.encode(`\r\n--${boundary[1] ?? boundary[2]}--\r\n`);

  let failed: string | null = null;
  const fail = (why: string) => void (failed ??= why);
  const fields = new Map<string, string>();
  let parts = 0;
  let fileStarted = false;
  let parsedToEnd = false;
  /** The file's bytes parsed and not yet handed on: a body chunk's worth at most. */
  const queue: Uint8Array[] = [];
  const parser = Multipasta.make({
    headers: { 'content-type': contentType },
    isFile: (info) => info.name === 'file',
    maxFieldSize: fieldsCap,
    onField(info, value) {
      parts++;
      if (fileStarted) fail('a field after the file');
      else if (info.contentDisposition !== 'form-data') fail('a part that is no form field');
      else fields.set(info.name, Multipasta.decodeField(info, value));
    },
    onFile(info) {
      parts++;
      if (fileStarted || info.contentDisposition !== 'form-data') {
        fail('a second file');
        return () => undefined;
      }
      fileStarted = true;
      return (chunk) => void (chunk && queue.push(chunk));
    },
    onError: (error) => fail(`the form does not parse: ${error._tag}`),
    onDone: () => void (parsedToEnd = true),
  });

  const reader = body.getReader();
  let read = 0;
  let ended = false;
  /** The body's first bytes, where the fields and the file's headers must fit. */
  let head: Uint8Array = new Uint8Array(0);
  /** The body's last bytes, which must be the closing boundary. */
  let tail: Uint8Array = new Uint8Array(0);
  /** Feeds the parser the body's next chunk, or tells it the body ended. */
  const feed = async () => {
    const next = await reader.read();
    if (next.done) {
      ended = true;
      return parser.end();
    }
    const chunk = next.value;
    read += chunk.byteLength;
    if (head.byteLength < fieldsCap) head = concat(head, chunk.subarray(0, fieldsCap - head.byteLength));
    tail = (chunk.byteLength >= closing.byteLength ? chunk : concat(tail, chunk)).slice(-closing.byteLength);
    parser.write(chunk);
  };
  const refuse = async () => {
    await reader.cancel().catch(() => undefined);
    return null;
  };

  // The fields, up to the file's first bytes: the file's part starts within the cap (and the
  // parser holds back at most a boundary's length of what follows its headers).
  while (!fileStarted) {
    if (failed || ended || read > fieldsCap + closing.byteLength) return refuse();
    await feed();
  }
  if (failed) return refuse();
  const start = fileStart(head, dashBoundary, parts);
  const size = length - start - closing.byteLength;
  if (start < 0 || size < 0) return refuse();
  head = new Uint8Array(0);

  let sent = 0;
  const file = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (failed) {
          await reader.cancel().catch(() => undefined);
          return controller.error(new Error(failed));
        }
        const chunk = queue.shift();
        if (chunk) {
          sent += chunk.byteLength;
          if (sent > size) fail('the file goes on past the closing boundary');
          else return controller.enqueue(chunk);
        } else if (ended) {
          if (parsedToEnd && sent === size && find(tail, closing, 0) === 0) return controller.close();
          return controller.error(new Error('the form does not end with its closing boundary right after the file'));
        } else await feed();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { fields, file, size };
}

/**
 * Where the bytes of part `n` (from 1) start in `head`, the body's first bytes, or -1: after its
 * boundary line and headers. The parser has read that far already, found each of those boundaries
 * and no other (a field's value holds none), and told that the part is the file.
 */
function fileStart(head: Uint8Array, dashBoundary: Uint8Array, n: number): number {
  if (find(head, dashBoundary, 0) !== 0) return -1;
  const delimiter = concat(encoder.encode('\r\n'), dashBoundary);
  let at = dashBoundary.byteLength;
  for (let part = 1; part < n; part++) {
    const next = find(head, delimiter, at);
    if (next < 0) return -1;
    at = next + delimiter.byteLength;
  }
  // The line break after the boundary, then the part's headers and the blank line ending them.
  const headersEnd = find(head, encoder.encode('\r\n\r\n'), at + 2);
  return headersEnd < 0 ? -1 : headersEnd + 4;
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

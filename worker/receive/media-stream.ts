import { SNIFF_BYTES, sniffDocumentKind } from '../documents/sniff';
import { joinChunks } from '../http/bytes';
import { writeObjectInParts, writePdf } from '../storage/bucket';
import { streamPieces } from '../storage/stream-pieces';
import { UnusableMedia } from './media-errors';

// A received fax's PDF on its way from the carrier into R2, never held whole (decision 030): its
// first bytes must show a PDF before anything is stored, and it may not run past the limit.

function requirePdf(head: Uint8Array[], bytes: number): void {
  if (sniffDocumentKind(joinChunks(head, bytes)) !== 'pdf') throw new UnusableMedia('media is not a PDF');
}

/** The body's pieces, checked on the way: the first ones must be a PDF's, all of them within `maxBytes`. */
async function* checkedPieces(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const piece of streamPieces(body)) {
    size += piece.byteLength;
    if (size > maxBytes) throw new UnusableMedia(`media is over ${maxBytes} bytes`);
    if (headBytes >= SNIFF_BYTES) {
      yield piece;
      continue;
    }
    head.push(piece);
    headBytes += piece.byteLength;
    if (headBytes >= SNIFF_BYTES) {
      requirePdf(head, headBytes);
      yield* head;
    }
  }
  if (headBytes < SNIFF_BYTES) {
    requirePdf(head, headBytes);
    yield* head;
  }
}

/**
 * Stores the body at `key`. With its length known it streams straight in, and R2 keeps nothing
 * unless exactly that many bytes arrive (a lying Content-Length fails the copy); without one
 * (R2 takes a plain stream only with a length) it goes in parts, one of them held at a time.
 */
export async function storeMediaStream(
  env: Env,
  key: string,
  body: ReadableStream<Uint8Array>,
  length: number | null,
  maxBytes: number,
): Promise<void> {
  const pieces = checkedPieces(body, maxBytes);
  if (length === null) {
    await writeObjectInParts(env, key, pieces, { httpMetadata: { contentType: 'application/pdf' } });
    return;
  }
  const { readable, writable } = new FixedLengthStream(length);
  const writer = writable.getWriter();
  const feeding = (async () => {
    for await (const piece of pieces) await writer.write(piece);
    await writer.close();
  })();
  feeding.catch(() => writer.abort().catch(() => undefined));
  await Promise.all([writePdf(env, key, readable), feeding]);
}

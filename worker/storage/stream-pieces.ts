// Reading a byte stream costs the Worker a promise and a few of the runtime's objects per piece
// read. workerd hands a request's body and the local R2 stand-in's objects over in pieces of 4 KiB:
// a 50 MB document was 12,800 reads, whose garbage a collection then swept in one pause of up to
// 80 ms (decision 057). Here the runtime gathers bigger pieces before the Worker sees them.

/** Pieces a stream's reader asks for: at least this many bytes each (the last may be fewer). */
export const STREAM_PIECE_BYTES = 64 * 1024;

/** A reader that fills a buffer of ours, where the stream and the runtime have one (workerd's byte streams). */
function gatheringReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = stream.getReader({ mode: 'byob' });
  } catch {
    return null; // a stream of JavaScript's own making: no byte source
  }
  if (typeof reader.readAtLeast === 'function') return reader;
  reader.releaseLock();
  return null;
}

/**
 * The stream's bytes in pieces of at least STREAM_PIECE_BYTES (the last may be shorter), gathered
 * by the runtime; a stream that cannot be read that way comes in the pieces it brings. Leaving
 * early cancels the stream, as `for await` over it does.
 */
export async function* streamPieces(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = gatheringReader(stream);
  if (!reader) {
    yield* stream;
    return;
  }
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.readAtLeast(STREAM_PIECE_BYTES, new Uint8Array(STREAM_PIECE_BYTES));
      if (value?.byteLength) yield value;
      if (done) {
        ended = true;
        return;
      }
    }
  } finally {
    if (ended) reader.releaseLock();
    else await reader.cancel().catch(() => undefined);
  }
}

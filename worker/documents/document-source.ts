// A document read piece by piece rather than held whole (decision 030): a Worker has 128 MB, and a
// document may be 50 MB. storage/bucket.ts answers one for an R2 object; bytesSource wraps bytes
// already in memory (a one-shot upload, a converted image, tests).

export interface DocumentSource {
  /** Bytes in the document. */
  readonly size: number;
  /** Bytes [offset, offset + length), fewer at the end of the document. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** The bytes from `offset` to the end, in pieces (from R2, of at least 64 KiB but the last: storage/stream-pieces.ts). */
  stream(offset: number): AsyncIterable<Uint8Array>;
}

/** Pieces of this size when the bytes are in memory. */
const MEMORY_PIECE_BYTES = 64 * 1024;

export function bytesSource(bytes: Uint8Array): DocumentSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
    async *stream(offset) {
      for (let at = offset; at < bytes.byteLength; at += MEMORY_PIECE_BYTES) yield bytes.subarray(at, at + MEMORY_PIECE_BYTES);
    },
  };
}

/** Lets other requests in: the Worker's one thread runs them between two pieces of long work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

import { streamPieces } from '../storage/stream-pieces';

/** Chunks read from a stream, as one array of `length` bytes (their total). */
export function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The parts one after another, in one array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  return joinChunks(
    parts,
    parts.reduce((sum, part) => sum + part.byteLength, 0),
  );
}

/** Bytes read from a stream, in pieces (not joined), and how many in all. */
export interface StreamPieces {
  pieces: Uint8Array[];
  byteLength: number;
}

/** A stream's bytes in pieces (streamPieces), abandoned the moment they pass `max` (null then). */
export async function readStreamPiecesAtMost(stream: ReadableStream<Uint8Array>, max: number): Promise<StreamPieces | null> {
  const pieces: Uint8Array[] = [];
  let byteLength = 0;
  for await (const piece of streamPieces(stream)) {
    byteLength += piece.byteLength;
    if (byteLength > max) return null; // leaving the loop cancels the stream
    pieces.push(piece);
  }
  return { pieces, byteLength };
}

/** A stream's bytes, read as they come and abandoned the moment they pass `max` (null then). */
export async function readStreamAtMost(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const read = await readStreamPiecesAtMost(stream, max);
  return read && joinChunks(read.pieces, read.byteLength);
}

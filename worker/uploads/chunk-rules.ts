// The arithmetic of resumable uploads (docs/decisions/013-resumable-uploads.md), with no I/O.
// R2 wants every multipart part but the last to be the same size and at least 5 MiB, while the
// spec's client sends chunks of 256 KB doubling upwards. So the server fixes the part size, a chunk
// never crosses a part boundary, and chunks that do not end a part wait in R2 as small objects.

/** An open upload nobody has touched for this long is abandoned: refused, and its bytes removed. */
export const UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;

export interface PartRange {
  /** 1-based, as R2 numbers parts. */
  partNumber: number;
  start: number;
  /** Exclusive. */
  end: number;
}

/** The part that holds byte `offset` of an upload of `size` bytes. */
export function partAt(offset: number, size: number, partSize: number): PartRange {
  const index = Math.floor(offset / partSize);
  return { partNumber: index + 1, start: index * partSize, end: Math.min((index + 1) * partSize, size) };
}

type ChunkProblem = 'EMPTY' | 'PAST_END' | 'CROSSES_PART';

/** Why the chunk [offset, offset + length) cannot be taken, or null when it can. */
export function checkChunk(offset: number, length: number, size: number, partSize: number): ChunkProblem | null {
  if (length < 1) return 'EMPTY';
  if (offset + length > size) return 'PAST_END';
  if (offset + length > partAt(offset, size, partSize).end) return 'CROSSES_PART';
  return null;
}

export interface StagedPiece {
  key: string;
  start: number;
  end: number;
}

interface PieceSlice {
  key: string;
  /** Offsets inside the piece's own bytes. */
  from: number;
  to: number;
}

/**
 * Staged pieces that together give bytes [from, to), in order, or null when some byte is missing.
 * Pieces may overlap: a request that lost the race for an offset leaves its piece behind, and
 * every piece holds the file's own bytes for its range, so at each point the piece reaching
 * furthest is taken.
 */
export function coverRange(pieces: readonly StagedPiece[], from: number, to: number): PieceSlice[] | null {
  const slices: PieceSlice[] = [];
  let at = from;
  while (at < to) {
    let best: StagedPiece | null = null;
    for (const piece of pieces) {
      if (piece.start <= at && piece.end > at && (!best || piece.end > best.end)) best = piece;
    }
    if (!best) return null;
    const until = Math.min(best.end, to);
    slices.push({ key: best.key, from: at - best.start, to: until - best.start });
    at = until;
  }
  return slices;
}

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { joinBytes, readStreamPiecesAtMost } from '../../worker/http/bytes';
import { readObjectSource, writeObject } from '../../worker/storage/bucket';
import { STREAM_PIECE_BYTES, streamPieces } from '../../worker/storage/stream-pieces';

// A stream is read in pieces the runtime gathers (decision 057): the same bytes, in far fewer reads
// than the 4 KiB pieces workerd hands over, and a reader that stops early cancels the stream.

function bytesOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 12)) & 0xff;
  return bytes;
}

/**
 * A byte stream that hands its bytes over 4 KiB at a time, as a request's body does; `fed` says
 * whether they all went or the reader cancelled.
 */
function smallPieceStream(bytes: Uint8Array): { readable: ReadableStream<Uint8Array>; fed: Promise<'all' | 'cancelled'> } {
  const { readable, writable } = new IdentityTransformStream();
  const fed = (async () => {
    const writer = writable.getWriter();
    try {
      for (let at = 0; at < bytes.byteLength; at += 4096) await writer.write(bytes.slice(at, at + 4096));
      await writer.close();
      return 'all' as const;
    } catch {
      return 'cancelled' as const;
    }
  })();
  return { readable, fed };
}

async function collect(pieces: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

describe('reading a stream in gathered pieces', () => {
  it('hands over the same bytes, every piece but the last at least 64 KiB', async () => {
    const bytes = bytesOf(5 * STREAM_PIECE_BYTES + 1234);
    const stream = smallPieceStream(bytes);
    const pieces = await collect(streamPieces(stream.readable));
    expect(await stream.fed).toBe('all');
    expect(joinBytes(pieces)).toEqual(bytes);
    expect(pieces).toHaveLength(6);
    for (const piece of pieces.slice(0, -1)) expect(piece.byteLength).toBeGreaterThanOrEqual(STREAM_PIECE_BYTES);
  });

  it('reads an empty stream as no pieces', async () => {
    expect(await collect(streamPieces(new Response(new Uint8Array(0)).body!))).toEqual([]);
  });

  it('takes a stream made in JavaScript in the pieces it brings', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2, 3]));
        controller.enqueue(new Uint8Array([4]));
        controller.close();
      },
    });
    expect(await collect(streamPieces(stream))).toEqual([new Uint8Array([1, 2, 3]), new Uint8Array([4])]);
  });

  it('cancels the stream when a body passes its limit', async () => {
    const stream = smallPieceStream(bytesOf(4 * STREAM_PIECE_BYTES));
    expect(await readStreamPiecesAtMost(stream.readable, STREAM_PIECE_BYTES + 10)).toBeNull();
    expect(await stream.fed).toBe('cancelled');
  });

  it('reads a stored document in gathered pieces, locally in steps as deployed in one go', async () => {
    const key = `test/stream-pieces/${crypto.randomUUID()}`;
    const bytes = bytesOf(3 * 1024 * 1024 + 99);
    await writeObject(env, key, bytes);
    for (const where of [env, { ...env, APP_ENV: 'development' } as Env]) {
      const source = await readObjectSource(where, key);
      const pieces = await collect(source!.stream(1000));
      expect(joinBytes(pieces)).toEqual(bytes.subarray(1000));
      expect(pieces.length).toBeLessThanOrEqual(Math.ceil(bytes.byteLength / STREAM_PIECE_BYTES) + 12);
    }
  });
});

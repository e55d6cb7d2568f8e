// The one door to R2: every read, write, listing and delete of an object in DOCUMENTS goes through
// these functions, so what the Worker keeps in the bucket is found in this folder alone (the house
// rule of docs/architecture.md; tests/architecture/r2-door.test.mjs fails on a DOCUMENTS use
// elsewhere). Keys are built by documents.ts, never taken from a caller.

import type { DocumentSource } from '../documents/document-source';
import { feedInSteps, localPacer, stepRanges, stepsLocally } from './local-steps';
import { streamPieces } from './stream-pieces';

type ObjectBody = ArrayBuffer | ArrayBufferView | ReadableStream | string;

/** R2 deletes at most this many keys in one call. */
const DELETE_BATCH = 1000;

/** The object's body and metadata, or null when there is none at `key`. */
export function readObject(env: Env, key: string): Promise<R2ObjectBody | null> {
  return env.DOCUMENTS.get(key);
}

/** A stored object handed to a caller as it is: its bytes as a stream, its size and ETag. */
export interface ObjectStream {
  body: ReadableStream<Uint8Array>;
  size: number;
  httpEtag: string;
}

/**
 * The object at `key` to hand on (a download, a carrier fetching a fax's media), or null. Deployed,
 * R2's own stream; locally in steps (local-steps.ts): the stand-in handing 50 MB over in one go
 * kept every other request waiting about 280 ms (decision 057).
 */
export async function readObjectStream(env: Env, key: string): Promise<ObjectStream | null> {
  if (!stepsLocally(env)) {
    const object = await env.DOCUMENTS.get(key);
    return object && { body: object.body, size: object.size, httpEtag: object.httpEtag };
  }
  const info = await env.DOCUMENTS.head(key);
  if (!info) return null;
  // A caller who went away cancels the stream; a changed object ends it short, never mixed.
  const { readable } = fedStream(info.size, null, feedStepped(env, key, info));
  return { body: readable, size: info.size, httpEtag: info.httpEtag };
}

/** The object's metadata without its body, or null when there is none at `key`. */
export function readObjectInfo(env: Env, key: string): Promise<R2Object | null> {
  return env.DOCUMENTS.head(key);
}

/**
 * The object at `key` as a source read piece by piece (ranged reads), never held whole; null when
 * there is none. A document of 50 MB and a Worker's 128 MB do not go together (decision 030).
 */
export async function readObjectSource(env: Env, key: string): Promise<DocumentSource | null> {
  const info = await env.DOCUMENTS.head(key);
  if (!info) return null;
  const { size, etag } = info;
  // Every read is of the object first seen: a replaced object fails rather than mixes two.
  const get = async (range: R2Range): Promise<R2ObjectBody> => {
    const object = await env.DOCUMENTS.get(key, { range, onlyIf: { etagMatches: etag } });
    if (!object || !('body' in object)) throw new Error(`R2 object ${key} changed or went away while it was read`);
    return object;
  };
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (end <= offset) return new Uint8Array(0);
      return new Uint8Array(await (await get({ offset, length: end - offset })).arrayBuffer());
    },
    async *stream(offset) {
      if (offset >= size) return;
      if (!stepsLocally(env)) {
        yield* streamPieces((await get({ offset })).body);
        return;
      }
      // One stream of the rest kept the local R2 stand-in busy, other requests waiting, for its whole length (decision 054).
      for (const step of stepRanges(offset, size - offset)) yield* streamPieces((await get(step)).body);
    },
  };
}

/** Stores `body` at `key`, replacing what was there. */
export async function writeObject(env: Env, key: string, body: ObjectBody, options?: R2PutOptions): Promise<R2Object> {
  const object = await env.DOCUMENTS.put(key, body, options);
  // put() answers null only when an onlyIf condition failed; we never set one.
  if (!object) throw new Error(`R2 did not store ${key}`);
  return object;
}

/** Stores a PDF at `key` (the fax documents every fax page is drawn from). */
export function writePdf(env: Env, key: string, bytes: ObjectBody, customMetadata?: Record<string, string>): Promise<R2Object> {
  return writeObject(env, key, bytes, { httpMetadata: { contentType: 'application/pdf' }, customMetadata });
}

/**
 * Stores at `to` the object at `from` followed by `suffix` (a fax's cover page added as an update,
 * fax/fax-document.ts), streamed from one to the other: never held whole; locally in steps that let
 * other requests in (local-steps.ts). Null when `from` is gone.
 */
export async function copyObject(
  env: Env,
  from: string,
  to: string,
  suffix: Uint8Array | null,
  options?: R2PutOptions,
): Promise<R2Object | null> {
  if (stepsLocally(env)) {
    const source = await env.DOCUMENTS.head(from);
    if (!source) return null;
    return writeFed(env, to, source.size, suffix, options, feedStepped(env, from, source));
  }
  const source = await env.DOCUMENTS.get(from);
  if (!source) return null;
  if (!suffix?.byteLength) return writeObject(env, to, source.body, options);
  return writeFed(env, to, source.size, suffix, options, (writable) => source.body.pipeTo(writable, { preventClose: true }));
}

/** Writes the object `source` at `key` into a writable, left open, in local steps; fails when it changed part-way. */
function feedStepped(env: Env, key: string, source: R2Object): (writable: WritableStream<Uint8Array>) => Promise<void> {
  return async (writable) => {
    const whole = await feedInSteps(env, key, { offset: 0, length: source.size }, source.etag, writable);
    if (!whole) throw new Error(`R2 object ${key} changed or went away while it was read`);
  };
}

/**
 * A stream of the `size` bytes `feed` writes (leaving it open), followed by `suffix`; `fed` settles
 * once all is written. A feed that fails aborts the stream, so whatever takes it keeps nothing.
 */
function fedStream(
  size: number,
  suffix: Uint8Array | null,
  feed: (writable: WritableStream<Uint8Array>) => Promise<void>,
): { readable: ReadableStream; fed: Promise<void> } {
  // R2 takes a stream only when its length is known: the source's and the suffix's.
  const { readable, writable } = new FixedLengthStream(size + (suffix?.byteLength ?? 0));
  const fed = feed(writable).then(async () => {
    const writer = writable.getWriter();
    if (suffix?.byteLength) await writer.write(suffix);
    await writer.close();
  });
  fed.catch((error) => writable.abort(error).catch(() => undefined));
  return { readable, fed };
}

/** Stores at `to` the `size` bytes `feed` writes (leaving the stream open), followed by `suffix`. */
async function writeFed(
  env: Env,
  to: string,
  size: number,
  suffix: Uint8Array | null,
  options: R2PutOptions | undefined,
  feed: (writable: WritableStream<Uint8Array>) => Promise<void>,
): Promise<R2Object> {
  const { readable, fed } = fedStream(size, suffix, feed);
  const [stored] = await Promise.all([writeObject(env, to, readable, options), fed]);
  return stored;
}

/** What a written object or part is made of, in order: bytes in memory, or a range of an object already stored. */
export type PartPiece = Uint8Array | { key: string; offset: number; length: number };

/** Pipes the stored range `piece` into `writable`, left open (locally in steps); false when it is gone. */
async function feedStoredPiece(env: Env, piece: Exclude<PartPiece, Uint8Array>, writable: WritableStream<Uint8Array>): Promise<boolean> {
  if (stepsLocally(env)) return feedInSteps(env, piece.key, piece, null, writable);
  const stored = await env.DOCUMENTS.get(piece.key, { range: { offset: piece.offset, length: piece.length } });
  if (!stored || !('body' in stored)) return false;
  await stored.body.pipeTo(writable, { preventClose: true });
  return true;
}

/**
 * A stream of the `size` bytes of `pieces`, in order: stored ranges piped from R2 by workerd, bytes
 * in memory handed on as they are, so no JavaScript joins them (an upload's part is 8 MB) nor does
 * R2 copy one buffer of that size in a single turn; locally in steps that let other requests in
 * (local-steps.ts). `fed` answers false when a stored piece was gone (the stream is aborted:
 * whatever takes it keeps nothing).
 */
function streamOfPieces(env: Env, pieces: readonly PartPiece[], size: number): { readable: ReadableStream; fed: Promise<boolean> } {
  const { readable, writable } = new FixedLengthStream(size);
  const passed = localPacer(env);
  const fed = (async () => {
    for (const piece of pieces) {
      if (piece instanceof Uint8Array) {
        const writer = writable.getWriter();
        await writer.write(piece);
        writer.releaseLock();
        await passed(piece.byteLength);
        continue;
      }
      if (!(await feedStoredPiece(env, piece, writable))) {
        await writable.abort(new Error(`${piece.key} went away`));
        return false;
      }
    }
    await writable.close();
    return true;
  })();
  return { readable, fed };
}

/** Writes `pieces` (`size` bytes) to `key` or to part `part` of an upload; null when a stored piece is gone. */
async function writePieces<T>(
  env: Env,
  pieces: readonly PartPiece[],
  size: number,
  write: (body: ReadableStream) => Promise<T>,
): Promise<T | null> {
  const { readable, fed } = streamOfPieces(env, pieces, size);
  const [written, whole] = await Promise.allSettled([write(readable), fed]);
  if (whole.status === 'rejected') throw whole.reason;
  if (!whole.value) return null;
  if (written.status === 'rejected') throw written.reason;
  return written.value;
}

/** Uploads part `partNumber` of a multipart upload from `pieces` (`size` bytes), streamed; null when a stored piece is gone. */
export function uploadPartFrom(
  upload: R2MultipartUpload,
  env: Env,
  partNumber: number,
  pieces: readonly PartPiece[],
  size: number,
): Promise<R2UploadedPart | null> {
  return writePieces(env, pieces, size, (body) => upload.uploadPart(partNumber, body));
}

/** Stores at `key` the bytes in memory `pieces` (`size` bytes), streamed. */
export async function writeObjectFrom(env: Env, key: string, pieces: readonly Uint8Array[], size: number): Promise<R2Object> {
  const stored = await writePieces(env, pieces, size, (body) => writeObject(env, key, body));
  if (!stored) throw new Error(`R2 did not store ${key}`);
  return stored;
}

/** Parts of a stream written without a known length: R2 wants every part but the last the same size, at least 5 MiB. */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

/**
 * Stores at `key` bytes of unknown length, arriving piece by piece. What fits in one part is put
 * whole (one request, as most faxes are); anything longer goes as an R2 multipart upload, one
 * part held at a time (R2 takes a plain stream only with a known length), aborted, leaving
 * nothing, when the pieces fail.
 */
export async function writeObjectInParts(
  env: Env,
  key: string,
  pieces: AsyncIterable<Uint8Array>,
  options?: R2MultipartOptions,
): Promise<R2Object> {
  let upload: R2MultipartUpload | null = null;
  try {
    const parts: R2UploadedPart[] = [];
    const part = new Uint8Array(STREAM_PART_BYTES);
    let filled = 0;
    for await (const piece of pieces) {
      for (let at = 0; at < piece.byteLength; ) {
        const taken = Math.min(piece.byteLength - at, STREAM_PART_BYTES - filled);
        part.set(piece.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === STREAM_PART_BYTES) {
          upload ??= await env.DOCUMENTS.createMultipartUpload(key, options);
          // Sent before the buffer is filled again.
          parts.push(await upload.uploadPart(parts.length + 1, part));
          filled = 0;
        }
      }
    }
    if (!upload) return await writeObject(env, key, part.subarray(0, filled), options);
    if (filled > 0) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
    return await upload.complete(parts);
  } catch (error) {
    await upload?.abort().catch(() => undefined);
    throw error;
  }
}

/** Every key under `prefix`, page by page. */
export async function listObjectKeys(env: Env, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.DOCUMENTS.list({ prefix, cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Deletes the objects at `keys` (a missing key is not an error). */
export async function deleteObjects(env: Env, keys: string | readonly string[]): Promise<void> {
  const all = typeof keys === 'string' ? [keys] : keys;
  for (let i = 0; i < all.length; i += DELETE_BATCH) await env.DOCUMENTS.delete(all.slice(i, i + DELETE_BATCH));
}

/** Opens an R2 multipart upload at `key` and answers its id. */
export async function startMultipartUpload(env: Env, key: string, httpMetadata: R2HTTPMetadata): Promise<string> {
  return (await env.DOCUMENTS.createMultipartUpload(key, { httpMetadata })).uploadId;
}

/** The open multipart upload `uploadId` at `key`, to add a part to, complete or abort. */
export function multipartUpload(env: Env, key: string, uploadId: string): R2MultipartUpload {
  return env.DOCUMENTS.resumeMultipartUpload(key, uploadId);
}

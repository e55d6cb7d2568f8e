// The one door to R2: every read, write, listing and delete of an object in DOCUMENTS goes through
// these functions, so what the Worker keeps in the bucket is found in this folder alone (the house
// rule of docs/architecture.md; tests/architecture/r2-door.test.mjs fails on a DOCUMENTS use
// elsewhere). Keys are built by documents.ts, never taken from a caller.

type ObjectBody = ArrayBuffer | ArrayBufferView | ReadableStream | string;

/** R2 deletes at most this many keys in one call. */
const DELETE_BATCH = 1000;

/** The object's body and metadata, or null when there is none at `key`. */
export function readObject(env: Env, key: string): Promise<R2ObjectBody | null> {
  return env.DOCUMENTS.get(key);
}

/** The object's metadata without its body, or null when there is none at `key`. */
export function readObjectInfo(env: Env, key: string): Promise<R2Object | null> {
  return env.DOCUMENTS.head(key);
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

import { hasShape } from '../../common/shape';
import { RESUMABLE_CHUNK_BASE_BYTES } from '../../common/upload-rules';
import type { UploadStatusView } from '../../common/uploads';
import { isRetryableStatus, UPLOAD_RETRY_LIMIT_MS } from './backoff';
import { chunkEnd, nextChunkSize } from './chunk-schedule';
import { storageError, storageErrorFromResponse } from './storage-error';
import { readJson, send, sendWithRetry, type UploadDeps, waitToRetry } from './transport';
import type { UploadedFile } from './types';

// The requests of an upload: one-shot (POST /api/files) and resumable (open, chunks, status,
// complete). Each answers its result or throws a StorageError (or AbortedError on pause/cancel).
// Every one of them is part of the upload, so each retries within the upload's 10 minutes of
// failing (spec §9), never the 2 minutes of a stand-alone storage call.

async function expectOk<T>(response: Response, parse: (body: unknown) => T | null): Promise<T> {
  const body = await readJson(response);
  if (!response.ok) throw storageErrorFromResponse(response.status, body);
  const parsed = parse(body);
  if (parsed === null) throw storageError('unknown', { status: response.status });
  return parsed;
}

// The Worker's answers (uploadedFileSchema, uploadStatusSchema in src/common/uploads.ts), checked
// for the fields the upload goes on with, without zod (docs/decisions/032).
function parseFile(body: unknown): UploadedFile | null {
  const shape = { fileId: 'string', pageCount: 'number', size: 'number', contentType: 'string', name: 'string' } as const;
  if (!hasShape(body, shape)) return null;
  const { fileId, pageCount, size, contentType, name } = body as unknown as UploadedFile;
  return { fileId, pageCount, size, contentType, name };
}

function parseStatus(body: unknown): UploadStatusView | null {
  const shape = {
    uploadId: 'string',
    name: 'string',
    size: 'number',
    received: 'number',
    partSize: 'number',
    state: 'string',
    fileId: 'string|null',
    expiresAt: 'number',
  } as const;
  if (!hasShape(body, shape) || (body.state !== 'open' && body.state !== 'complete')) return null;
  const { uploadId, name, size, received, partSize, state, fileId, expiresAt } = body as unknown as UploadStatusView;
  return { uploadId, name, size, received, partSize, state, fileId, expiresAt };
}

export async function sendOneShot(deps: UploadDeps, blob: Blob, name: string, signal: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', blob, name);
  const response = await sendWithRetry(deps, '/files', { method: 'POST', body: form }, UPLOAD_RETRY_LIMIT_MS, signal);
  return expectOk(response, parseFile);
}

export async function openResumable(deps: UploadDeps, blob: Blob, name: string, signal: AbortSignal): Promise<UploadStatusView> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, contentType: blob.type || 'application/octet-stream', size: blob.size }),
  };
  return expectOk(await sendWithRetry(deps, '/uploads', init, UPLOAD_RETRY_LIMIT_MS, signal), parseStatus);
}

/**
 * What the server holds: asked on resume, and after a failed chunk so the upload goes on from
 * there. Between chunks `limitMs` is what is left of the upload's window, so failed chunks and
 * failed status reads together still give up 10 minutes after the last progress.
 */
export async function readStatus(
  deps: UploadDeps,
  uploadId: string,
  signal: AbortSignal,
  limitMs = UPLOAD_RETRY_LIMIT_MS,
): Promise<UploadStatusView> {
  return expectOk(await sendWithRetry(deps, `/uploads/${uploadId}`, { method: 'GET' }, limitMs, signal), parseStatus);
}

export async function completeResumable(deps: UploadDeps, uploadId: string, signal: AbortSignal): Promise<UploadedFile> {
  return expectOk(await sendWithRetry(deps, `/uploads/${uploadId}/complete`, { method: 'POST' }, UPLOAD_RETRY_LIMIT_MS, signal), parseFile);
}

/**
 * Sends chunks from `status.received` until the server holds every byte. After a failure it waits,
 * asks GET status and goes on from what the server says; it gives up after 10 minutes without
 * progress. `onProgress` gets the bytes the server holds.
 */
export async function sendChunks(
  deps: UploadDeps,
  blob: Blob,
  status: UploadStatusView,
  signal: AbortSignal,
  onProgress: (received: number) => void,
): Promise<void> {
  let received = status.received;
  let chunkSize = RESUMABLE_CHUNK_BASE_BYTES;
  let failures = 0;
  let deadline = deps.now() + UPLOAD_RETRY_LIMIT_MS;
  while (received < blob.size) {
    const end = chunkEnd(received, blob.size, status.partSize, chunkSize);
    const init: RequestInit = { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: blob.slice(received, end) };
    const response = await send(deps, `/uploads/${status.uploadId}?offset=${received}`, init, signal);
    const body = response ? await readJson(response) : null;
    const serverReceived = (body as { received?: unknown } | null)?.received;
    if (response && (response.ok || response.status === 409) && typeof serverReceived === 'number') {
      // 409: the server is elsewhere (an earlier answer was lost); go on from where it is.
      if (response.ok) chunkSize = nextChunkSize(chunkSize, true);
      received = serverReceived;
      failures = 0;
      deadline = deps.now() + UPLOAD_RETRY_LIMIT_MS;
      onProgress(received);
      continue;
    }
    if (response && !isRetryableStatus(response.status)) throw storageErrorFromResponse(response.status, body);
    chunkSize = nextChunkSize(chunkSize, false);
    failures += 1;
    await waitToRetry(deps, response, failures, deadline, signal);
    received = (await readStatus(deps, status.uploadId, signal, deadline - deps.now())).received;
    onProgress(received);
  }
}

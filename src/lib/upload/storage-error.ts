import { STORAGE_ERROR_MESSAGES, type StorageErrorCode } from '../../common/storage-errors';
import type { StorageError } from './types';

// HTTP answers as storage errors (spec §8): 401, 402, 403 and 404 have their own codes; a refusal
// of the file itself (400, 413, 415) is invalid-argument carrying the server's code and words, so
// the page can show errors.<serverCode>. Retryable answers never get here (backoff.ts).

export function storageError(
  code: StorageErrorCode,
  { message, serverCode = null, status = 0 }: { message?: string; serverCode?: string | null; status?: number } = {},
): StorageError {
  return { code: `storage/${code}`, message: message ?? STORAGE_ERROR_MESSAGES[code], serverCode, status };
}

export const canceledError = (): StorageError => storageError('canceled');

export const retryLimitError = (status: number): StorageError => storageError('retry-limit-exceeded', { status });

const BY_STATUS: Readonly<Record<number, StorageErrorCode>> = {
  401: 'unauthenticated',
  402: 'quota-exceeded',
  403: 'unauthorized',
  404: 'object-not-found',
};

const FILE_REFUSALS = new Set([400, 409, 413, 415]);

/** The `{ error: { code, message } }` of an API answer, when it has one. */
function readApiError(body: unknown): { code: string; message: string } | null {
  const error = (body as { error?: unknown } | null)?.error as { code?: unknown; message?: unknown } | undefined;
  if (!error || typeof error.code !== 'string') return null;
  return { code: error.code, message: typeof error.message === 'string' ? error.message : '' };
}

/** The storage error for a non-retryable failure answer with this status and (parsed JSON) body. */
export function storageErrorFromResponse(status: number, body: unknown): StorageError {
  const api = readApiError(body);
  const serverCode = api?.code ?? null;
  const byStatus = BY_STATUS[status];
  if (byStatus) return storageError(byStatus, { serverCode, status });
  if (api && FILE_REFUSALS.has(status)) {
    return storageError('invalid-argument', { message: api.message || undefined, serverCode, status });
  }
  return storageError('unknown', { serverCode, status });
}

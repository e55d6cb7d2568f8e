import { AbortedError, type UploadDeps } from './transport';
import type { UploadTask } from './types';
import { createUploadTask } from './upload-task';

// The browser's upload client (spec §4, §8, §9): blobs up to 256 KB go in one POST /api/files,
// larger ones through the resumable flow. See docs/api.md "Documents and uploads".

export { formatFileSize } from './format-size';
export type { StorageError, UploadedFile, UploadSnapshot, UploadState, UploadTask } from './types';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortedError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(new AbortedError());
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const BROWSER: UploadDeps = {
  apiBase: '/api',
  fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
  sleep,
  now: () => Date.now(),
  random: () => Math.random(),
};

/** Starts uploading at once; follow it through `$snapshot` and `done`. */
export function startUpload(file: Blob, name: string): UploadTask {
  return createUploadTask(file, name, BROWSER);
}

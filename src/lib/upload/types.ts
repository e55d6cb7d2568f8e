import type { ReadableAtom } from 'nanostores';
import type { StorageErrorCode } from '../../common/storage-errors';

// The upload client's public shapes (spec §4 task states, §8 storage errors). The /send page is
// built against exactly these.

export type UploadState = 'running' | 'pausing' | 'paused' | 'canceling' | 'canceled' | 'error' | 'success';

export interface UploadedFile {
  fileId: string;
  pageCount: number;
  size: number;
  contentType: string;
  name: string;
}

export interface StorageError {
  code: `storage/${StorageErrorCode}`;
  message: string;
  /** The API's own code when it named the problem, e.g. ENCRYPTED_DOCUMENT. */
  serverCode: string | null;
  /** The HTTP status behind the error; 0 when there was none (network, cancel). */
  status: number;
}

export interface UploadSnapshot {
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
  error: StorageError | null;
  file: UploadedFile | null;
}

export interface UploadTask {
  readonly $snapshot: ReadableAtom<UploadSnapshot>;
  /** From running only; answers whether it did anything. */
  pause(): boolean;
  /** From paused or pausing. */
  resume(): boolean;
  /** From running or pausing. */
  cancel(): boolean;
  /** The stored file; rejects with a StorageError. */
  readonly done: Promise<UploadedFile>;
}

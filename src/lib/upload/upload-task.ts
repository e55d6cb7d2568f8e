import { atom } from 'nanostores';
import { ONE_SHOT_UPLOAD_MAX_BYTES } from '../../common/upload-rules';
import type { UploadStatusView } from '../../common/uploads';
import { completeResumable, openResumable, readStatus, sendChunks, sendOneShot } from './steps';
import { canceledError, storageError } from './storage-error';
import { nextState, type TaskAction } from './task-state';
import { AbortedError, send, type UploadDeps } from './transport';
import type { StorageError, UploadedFile, UploadSnapshot, UploadTask } from './types';

// One upload as a task with the spec's states (§4). Pause and cancel abort the request under way;
// the run then settles into paused or canceled. Resuming a resumable upload asks the server where
// it is and goes on from there; a one-shot upload simply starts again.

function isStorageError(value: unknown): value is StorageError {
  return typeof (value as StorageError | null)?.code === 'string' && (value as StorageError).code.startsWith('storage/');
}

export function createUploadTask(blob: Blob, name: string, deps: UploadDeps): UploadTask {
  const $snapshot = atom<UploadSnapshot>({ state: 'running', bytesTransferred: 0, totalBytes: blob.size, error: null, file: null });
  let settle: { resolve: (file: UploadedFile) => void; reject: (error: StorageError) => void };
  const done = new Promise<UploadedFile>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A page that never awaits `done` must not see an unhandled rejection.
  done.catch(() => undefined);

  let controller = new AbortController();
  let running = false;
  let session: UploadStatusView | null = null;

  const update = (patch: Partial<UploadSnapshot>): void => $snapshot.set({ ...$snapshot.get(), ...patch });
  const progress = (bytes: number): void => update({ bytesTransferred: bytes });

  async function attempt(signal: AbortSignal): Promise<UploadedFile> {
    if (blob.size <= ONE_SHOT_UPLOAD_MAX_BYTES) return sendOneShot(deps, blob, name, signal);
    session = session ? await readStatus(deps, session.uploadId, signal) : await openResumable(deps, blob, name, signal);
    progress(session.received);
    await sendChunks(deps, blob, session, signal, progress);
    return completeResumable(deps, session.uploadId, signal);
  }

  async function discardOnServer(): Promise<void> {
    if (!session) return;
    // Best effort: an upload left behind is removed by the server once abandoned.
    await send(deps, `/uploads/${session.uploadId}`, { method: 'DELETE' }, new AbortController().signal).catch(() => null);
  }

  async function run(): Promise<void> {
    running = true;
    for (;;) {
      const { signal } = controller;
      try {
        const file = await attempt(signal);
        update({ state: 'success', file, bytesTransferred: blob.size });
        settle.resolve(file);
        break;
      } catch (error) {
        const state = $snapshot.get().state;
        if (error instanceof AbortedError || signal.aborted) {
          if (state === 'running') {
            controller = new AbortController(); // resumed before the pause took hold
            continue;
          }
          if (state === 'pausing') update({ state: 'paused' });
          if (state === 'canceling') {
            await discardOnServer();
            update({ state: 'canceled', error: canceledError() });
            settle.reject(canceledError());
          }
          break;
        }
        const failure = isStorageError(error) ? error : storageError('unknown');
        update({ state: 'error', error: failure });
        settle.reject(failure);
        break;
      }
    }
    running = false;
  }

  function act(action: TaskAction): boolean {
    const next = nextState($snapshot.get().state, action);
    if (!next) return false;
    update({ state: next });
    if (action === 'resume') {
      if (!running) {
        controller = new AbortController();
        void run();
      }
    } else {
      controller.abort();
    }
    return true;
  }

  void run();
  return {
    $snapshot,
    pause: () => act('pause'),
    resume: () => act('resume'),
    cancel: () => act('cancel'),
    done,
  };
}

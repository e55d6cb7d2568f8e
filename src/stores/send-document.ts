import { atom, computed, onMount } from 'nanostores';
import { checkFaxableFile, type FileProblem } from '../components/send/send-rules';
import { hasKeptDocument } from '../lib/kept-document-flag';
import type { UploadSnapshot, UploadTask } from '../lib/upload';
import { onTeardown } from './teardown';

// The document of the fax on /send: the file chosen (picked, dropped or pasted) and its upload,
// which starts at once. The upload client and the data-URL reader load with the first file, not
// with the page (docs/decisions/032). The file stays in memory: a document the server no longer
// has is uploaded again from it.

export type { UploadSnapshot };

export interface ChosenDocument {
  file: File;
  snapshot: UploadSnapshot;
  /** sendFax answered that the uploaded copy is gone: it has to be uploaded again. */
  gone: boolean;
  /** Chosen, and its upload about to start (the upload client is loading): nothing to pause yet. */
  starting?: boolean;
}

/** Why the file just chosen was refused before any byte was sent; `name` as the person knows it. */
export type RefusedFile = { problem: Exclude<FileProblem, null>; name: string };

export const $document = atom<ChosenDocument | null>(null);
export const $fileProblem = atom<RefusedFile | null>(null);

export const $uploadedFile = computed($document, (doc) =>
  doc && !doc.gone && doc.snapshot.state === 'success' ? doc.snapshot.file : null,
);

export const IN_PROGRESS = ['running', 'pausing', 'paused', 'canceling'];

let task: UploadTask | null = null;
let stopWatching: (() => void) | null = null;
/** Counts files chosen, so a file chosen while the upload client loads wins over the one before. */
let chosen = 0;

function dropTask(): void {
  stopWatching?.();
  stopWatching = null;
  const state = task?.$snapshot.get().state;
  if (state === 'running' || state === 'pausing' || state === 'paused') task?.cancel();
  task = null;
}

// Signed out or gone: the document and its upload are forgotten (an upload under way stops).
onTeardown(() => {
  chosen++;
  dropTask();
  $document.set(null);
  $fileProblem.set(null);
});

const WAITING: UploadSnapshot = { state: 'running', bytesTransferred: 0, totalBytes: 0, error: null, file: null };

/** Starts uploading a picked, dropped or pasted file at once; it replaces any document chosen before. */
export async function chooseDocument(file: File): Promise<void> {
  const problem = checkFaxableFile(file);
  $fileProblem.set(problem ? { problem, name: file.name } : null);
  if (problem) return;
  const mine = ++chosen;
  dropTask();
  $document.set({ file, snapshot: { ...WAITING, totalBytes: file.size }, gone: false, starting: true });
  let startUpload: typeof import('../lib/upload').startUpload;
  try {
    ({ startUpload } = await import('../lib/upload'));
  } catch {
    if (mine === chosen) $document.set({ file, snapshot: { ...WAITING, state: 'error', error: NOT_LOADED }, gone: false });
    return;
  }
  if (mine !== chosen) return;
  const next = startUpload(file, file.name);
  next.done.catch(() => undefined); // a failure shows through the snapshot
  task = next;
  stopWatching = next.$snapshot.subscribe((snapshot) => $document.set({ file, snapshot, gone: false }));
}

/** The upload client could not be loaded (offline): said as the network failure it is. */
const NOT_LOADED: NonNullable<UploadSnapshot['error']> = {
  code: 'storage/retry-limit-exceeded',
  message: 'The upload could not start.',
  serverCode: null,
  status: 0,
};

/**
 * A document pasted or dropped as text: a data URL (spec §5), e.g. a scan another app copied.
 * Text that is not one is refused like a file that cannot be faxed; `name` says what it was.
 */
export async function chooseDocumentFromText(text: string, name: string): Promise<void> {
  const { decodeUploadString, fileFromDecoded } = await import('../lib/upload/upload-string');
  const decoded = decodeUploadString(text, 'data_url');
  if ('bytes' in decoded) await chooseDocument(fileFromDecoded(decoded));
  else $fileProblem.set({ problem: 'unsupportedType', name });
}

/** Uploads the same file again (after an error, a cancel, or when the server lost its copy). */
export function uploadAgain(): void {
  const doc = $document.get();
  if (doc) void chooseDocument(doc.file);
}

export function removeDocument(): void {
  chosen++;
  dropTask();
  $document.set(null);
  $fileProblem.set(null);
}

/** sendFax answered 404 for the document: the server's copy is gone. */
export function markDocumentGone(): void {
  const doc = $document.get();
  if (doc) $document.set({ ...doc, gone: true });
}

export function pauseUpload(): void {
  task?.pause();
}

export function resumeUpload(): void {
  task?.resume();
}

export function cancelUpload(): void {
  task?.cancel();
}

// A document chosen on the sign-up card before the account existed (stores/kept-document.ts) is
// attached as if picked here, once; the code that takes it loads only when one is waiting.
onMount($document, () => {
  if (!hasKeptDocument()) return;
  void import('./kept-document')
    .then((door) => door.takeKeptDocument())
    .then((file) => {
      if (file && !$document.get()) void chooseDocument(file);
    })
    .catch(() => undefined);
});

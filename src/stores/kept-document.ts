import { checkFaxableFile, type FileProblem } from '../components/send/send-rules';
import { KEPT_DOCUMENT_FLAG } from '../lib/kept-document-flag';
import { formatFileSize } from '../lib/upload/format-size';

// A document chosen before the account exists (decision 039, the send-now path): /login?redirect=/send
// offers to choose it on the sign-up card, it waits in this browser's IndexedDB (a file of up to
// 50 MB does not fit localStorage), and /send takes it once signed in and uploads it to the new
// account as if it had been picked there. Loaded on first need, never with a page. Not a store of
// state but the one door to where the document waits: it sits with the stores because it applies
// the send page's file rules (components/send/send-rules.ts), which only stores may share.
// It waits an hour at most: on a shared computer the next person must not find it attached.

const DATABASE = 'kept-document';
const STORE = 'documents';
const KEY = 'document';
export const KEPT_FOR_MS = 60 * 60 * 1000;

interface KeptRecord {
  file: File;
  keptAt: number;
}

export interface KeptSummary {
  name: string;
  /** "1.4 MB", as /send shows sizes. */
  size: string;
}

const summaryOf = (file: File): KeptSummary => ({ name: file.name, size: formatFileSize(file.size) });

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs one request in a transaction and answers its result once the transaction is done. */
async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = run(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

function setFlag(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(KEPT_DOCUMENT_FLAG, '1');
    else localStorage.removeItem(KEPT_DOCUMENT_FLAG);
  } catch {
    // Without localStorage /send never looks: the document is simply not carried over.
  }
}

/** Keeps a chosen file for /send, replacing one kept before, and answers it; or why it cannot be faxed. */
export async function keepDocument(file: File, now = Date.now()): Promise<Exclude<FileProblem, null> | KeptSummary> {
  const problem = checkFaxableFile(file);
  if (problem) return problem;
  await inStore('readwrite', (store) => store.put({ file, keptAt: now } satisfies KeptRecord, KEY));
  setFlag(true);
  return summaryOf(file);
}

async function readRecord(now: number): Promise<KeptRecord | null> {
  const record = (await inStore('readonly', (store) => store.get(KEY))) as KeptRecord | undefined;
  if (!record) return null;
  if (now - record.keptAt > KEPT_FOR_MS) {
    await forgetKeptDocument();
    return null;
  }
  return record;
}

/** What is kept (for the sign-up card shown again), or null. */
export async function readKeptDocument(now = Date.now()): Promise<KeptSummary | null> {
  const record = await readRecord(now);
  return record ? summaryOf(record.file) : null;
}

/** Hands the kept file over once (to /send) and forgets it; null when none is kept or it is too old. */
export async function takeKeptDocument(now = Date.now()): Promise<File | null> {
  const record = await readRecord(now);
  if (record) await forgetKeptDocument();
  return record?.file ?? null;
}

export async function forgetKeptDocument(): Promise<void> {
  setFlag(false);
  await inStore('readwrite', (store) => store.delete(KEY));
}

import { atom, computed, map, onMount } from 'nanostores';
import type { CoverPage, CoverPageTemplate } from '../common/cover-page';
import type { ApiErrorBody } from '../common/errors';
import type { SendFaxBody } from '../common/faxes';
import { formatOwnNumber } from '../common/phone-text';
import { checkFaxableFile, localDateOptionsAt, type FileProblem } from '../components/send/send-rules';
import { api, call, type ApiFailureCode } from '../lib/api';
import sendMessages from 'virtual:messages/send';
import { translator } from '../i18n/translator';
import { hasKeptDocument } from '../lib/kept-document-flag';
import { $phoneParser, preloadPhoneParser } from '../lib/phone-parser';
import { startUpload, type UploadTask } from '../lib/upload';
import { decodeUploadString, fileFromDecoded } from '../lib/upload/upload-string';
import { $account } from './account';
import { $moreRecipients, $schedule } from './send-options';
import { readRecipientList } from '../components/send/recipient-list';
import type { SendFaxToManyBody } from '../common/send-many';
import { MAX_RECIPIENTS } from '../common/send-many-rules';
import { onTeardown } from './teardown';

// The send page (/send): what the user typed, the document being uploaded, and the send itself.
// Nothing here is dropped when a send fails: the draft and the uploaded document stay, and a
// document the server no longer has is uploaded again from the file still held in memory.

const t = translator({ send: sendMessages });

export type UploadSnapshot = ReturnType<UploadTask['$snapshot']['get']>;

export interface SendDraft {
  toNumber: string;
  anonymous: boolean;
  withCover: boolean;
  template: CoverPageTemplate;
  toName: string;
  /** null: not edited, so it follows the fax number above. */
  coverToNumber: string | null;
  toCompany: string;
  /** null: not edited, so it follows the account's name. */
  fromName: string | null;
  /** null: not edited, so it follows the user's own fax number. */
  fromNumber: string | null;
  fromCompany: string;
  subject: string;
  message: string;
}

export interface ChosenDocument {
  file: File;
  snapshot: UploadSnapshot;
  /** sendFax answered that the uploaded copy is gone: it has to be uploaded again. */
  gone: boolean;
}

/** Where the /send form's own submission stands (the fax's progress is the send document's, $sendStatus). */
export type SendSubmission =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; faxId: string }
  | { kind: 'failed'; code: ApiFailureCode; message: string };

export type SendBlock =
  | { kind: 'noNumber' }
  | { kind: 'invalidNumber' }
  | { kind: 'checkingNumber' }
  | { kind: 'noDocument' }
  | { kind: 'uploading' }
  | { kind: 'loadingAccount' }
  | { kind: 'credits'; needed: number; available: number }
  | { kind: 'unreadableRecipients'; entries: string }
  | { kind: 'tooManyRecipients' }
  | { kind: 'invalidSendTime' };

const EMPTY_DRAFT: SendDraft = {
  toNumber: '',
  anonymous: false,
  withCover: false,
  template: 'classic',
  toName: '',
  coverToNumber: null,
  toCompany: '',
  fromName: null,
  fromNumber: null,
  fromCompany: '',
  subject: '',
  message: '',
};

export const $draft = map<SendDraft>({ ...EMPTY_DRAFT });
export const $document = atom<ChosenDocument | null>(null);
export const $fileProblem = atom<{ problem: Exclude<FileProblem, null>; name: string } | null>(null);
export const $submission = atom<SendSubmission>({ kind: 'idle' });
/** The user's own fax number (E.164), the cover page's default "from" number. */
export const $ownFaxNumber = atom<string | null>(null);

/** The fax number as typed, when it is a valid one (null too while the phone parser loads). */
export const $recipient = computed([$draft, $phoneParser], (draft, parser) => {
  const e164 = parser?.toE164(draft.toNumber) ?? null;
  return parser && e164 ? { e164, display: parser.formatPhoneForDisplay(e164) } : null;
});

/** Numbers are typed (or picked) but the phone parser is not here yet to read them. */
export const $numberCheckPending = computed(
  [$draft, $moreRecipients, $phoneParser],
  (draft, more, parser) => parser === null && (draft.toNumber.trim() !== '' || more.trim() !== ''),
);

// The parser comes with the first number to read, however it got there (typed, picked from the
// phonebook, kept in the draft), not with the page.
onMount($recipient, () =>
  $numberCheckPending.subscribe((pending) => {
    if (pending) preloadPhoneParser();
  }),
);

/** Every recipient of the send: the number above first, then those pasted below, duplicates merged. */
export const $recipientList = computed([$recipient, $moreRecipients, $phoneParser], (first, more, parser) => {
  const list = parser ? readRecipientList(more, parser, first ? [first.e164] : []) : { recipients: [], unreadable: [], duplicates: 0 };
  return { ...list, all: first ? [first, ...list.recipients] : list.recipients };
});

/** What the cover page shows where the user has not typed anything of their own. */
export const $coverDefaults = computed([$recipient, $account, $ownFaxNumber], (recipient, account, own) => ({
  toNumber: recipient?.display ?? '',
  fromName: account?.displayName ?? '',
  fromNumber: own ? formatOwnNumber(own) : '',
}));

export const $uploadedFile = computed($document, (doc) =>
  doc && !doc.gone && doc.snapshot.state === 'success' ? doc.snapshot.file : null,
);

/**
 * Pages of the fax as it would go now (cover page included), how many faxes (one per recipient),
 * the credits they take together, and the send credits at hand.
 */
export const $sendSummary = computed([$draft, $uploadedFile, $account, $recipientList], (draft, file, account, list) => {
  const pages = file ? file.pageCount + (draft.withCover ? 1 : 0) : null;
  const faxes = Math.max(1, list.all.length);
  return {
    pages,
    faxes,
    needed: pages === null ? null : pages * faxes,
    credits: account ? account.faxCredits.defaultCreditsSend + account.faxCredits.paidCreditsSend : null,
  };
});

/** Why the fax cannot be sent yet, or null when it can. */
export const $sendBlock = computed(
  [$draft, $recipient, $document, $sendSummary, $recipientList, $schedule, $numberCheckPending],
  (draft, recipient, doc, summary, list, schedule, checking): SendBlock | null => {
    if (draft.toNumber.trim() === '') return { kind: 'noNumber' };
    if (checking) return { kind: 'checkingNumber' };
    if (!recipient) return { kind: 'invalidNumber' };
    if (list.unreadable.length > 0) return { kind: 'unreadableRecipients', entries: list.unreadable.join(', ') };
    if (list.all.length > MAX_RECIPIENTS) return { kind: 'tooManyRecipients' };
    if (schedule.kind === 'invalid') return { kind: 'invalidSendTime' };
    if (doc && !doc.gone && ['running', 'pausing', 'paused'].includes(doc.snapshot.state)) return { kind: 'uploading' };
    if (summary.needed === null) return { kind: 'noDocument' };
    if (summary.credits === null) return { kind: 'loadingAccount' };
    if (summary.needed > summary.credits) return { kind: 'credits', needed: summary.needed, available: summary.credits };
    return null;
  },
);

export function updateDraft<K extends keyof SendDraft>(key: K, value: SendDraft[K]): void {
  $draft.set({ ...$draft.get(), [key]: value });
}

let task: UploadTask | null = null;
let stopWatching: (() => void) | null = null;

function dropTask(): void {
  stopWatching?.();
  stopWatching = null;
  const state = task?.$snapshot.get().state;
  if (state === 'running' || state === 'pausing' || state === 'paused') task?.cancel();
  task = null;
}

// Signed out or gone: the fax being written and its upload are forgotten (an upload under way stops).
onTeardown(() => {
  dropTask();
  $draft.set({ ...EMPTY_DRAFT });
  $document.set(null);
  $fileProblem.set(null);
  $submission.set({ kind: 'idle' });
  $ownFaxNumber.set(null);
});

// A document chosen on the sign-up card before the account existed (stores/kept-document.ts) is
// attached as if picked here, once; the code that takes it loads only when one is waiting.
onMount($document, () => {
  if (!hasKeptDocument()) return;
  void import('./kept-document')
    .then((door) => door.takeKeptDocument())
    .then((file) => {
      if (file && !$document.get()) chooseDocument(file);
    })
    .catch(() => undefined);
});

/** Starts uploading a picked or dropped file at once; it replaces any document chosen before. */
export function chooseDocument(file: File): void {
  const problem = checkFaxableFile(file);
  $fileProblem.set(problem ? { problem, name: file.name } : null);
  if (problem) return;
  dropTask();
  const next = startUpload(file, file.name);
  next.done.catch(() => undefined); // a failure shows through the snapshot
  task = next;
  stopWatching = next.$snapshot.subscribe((snapshot) => $document.set({ file, snapshot, gone: false }));
  if ($submission.get().kind === 'failed') $submission.set({ kind: 'idle' });
}

/**
 * A document pasted or dropped as text: a data URL (spec §5), e.g. a scan another app copied.
 * Text that is not one is refused like a file that cannot be faxed.
 */
export function chooseDocumentFromText(text: string): void {
  const decoded = decodeUploadString(text, 'data_url');
  if ('bytes' in decoded) chooseDocument(fileFromDecoded(decoded));
  else $fileProblem.set({ problem: 'unsupportedType', name: t('send.pastedText') });
}

/** Uploads the same file again (after an error, a cancel, or when the server lost its copy). */
export function uploadAgain(): void {
  const doc = $document.get();
  if (doc) chooseDocument(doc.file);
}

export function removeDocument(): void {
  dropTask();
  $document.set(null);
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

/** The cover page as it would be sent at `now`, with the sender's clock. */
function buildCoverPage(now: Date): CoverPage {
  const draft = $draft.get();
  const defaults = $coverDefaults.get();
  return {
    template: draft.template,
    toName: draft.toName.trim(),
    toNumber: (draft.coverToNumber ?? defaults.toNumber).trim(),
    toCompany: draft.toCompany.trim(),
    fromName: (draft.fromName ?? defaults.fromName).trim(),
    fromNumber: (draft.fromNumber ?? defaults.fromNumber).trim(),
    fromCompany: draft.fromCompany.trim(),
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    localDateOptions: localDateOptionsAt(now),
  };
}

/** One number: POST /api/sendFax, then the fax's page. */
async function sendToOne(body: SendFaxBody) {
  const result = await call(api.sendFax.$post({ json: body }));
  return result.ok ? { ok: true as const, page: `/faxDetails/${encodeURIComponent(result.data.faxId)}`, id: result.data.faxId } : result;
}

/** Several numbers: POST /api/sendFaxToMany, then the group's page. */
async function sendToMany(body: SendFaxToManyBody) {
  const result = await call(api.sendFaxToMany.$post({ json: body }));
  return result.ok
    ? { ok: true as const, page: `/broadcast/${encodeURIComponent(result.data.broadcastId)}`, id: result.data.broadcastId }
    : result;
}

/**
 * Sends the fax (to every recipient, now or at the time picked); on success the page moves to the
 * fax's page or the group's, on failure everything stays.
 */
export async function sendFax(): Promise<void> {
  const file = $uploadedFile.get();
  const recipient = $recipient.get();
  const { pages } = $sendSummary.get();
  const { all } = $recipientList.get();
  const schedule = $schedule.get();
  if ($sendBlock.get() || !file || !recipient || pages === null || $submission.get().kind === 'sending') return;
  const draft = $draft.get();
  const sendAt = schedule.kind === 'at' ? schedule.sendAt : undefined;
  // A scheduled fax's cover page carries the time it will be sent, on the sender's clock.
  const coverpage = draft.withCover ? buildCoverPage(new Date(sendAt ?? Date.now())) : false;
  $submission.set({ kind: 'sending' });
  const result =
    all.length > 1
      ? await sendToMany({
          recipients: all.map((r, i) => ({ toNumber: r.e164, ...(i === 0 && draft.toName.trim() ? { toName: draft.toName.trim() } : {}) })),
          fileId: file.fileId,
          coverpage,
          pageCount: pages,
          anonymous: draft.anonymous,
          sendAt,
        })
      : await sendToOne({ toNumber: recipient.e164, fileId: file.fileId, coverpage, pageCount: pages, anonymous: draft.anonymous, sendAt });
  if (result.ok) {
    $submission.set({ kind: 'sent', faxId: result.id });
    window.location.assign(result.page);
    return;
  }
  const doc = $document.get();
  if (result.status === 404 && doc) $document.set({ ...doc, gone: true });
  $submission.set({ kind: 'failed', code: result.code, message: result.message });
}

export type CoverPreviewResult = { ok: true; pdf: Blob } | { ok: false; code: ApiFailureCode; message: string };

/** The cover page as it would look if sent now (POST /api/coverPagePreview answers a PDF). */
export async function fetchCoverPagePreview(): Promise<CoverPreviewResult> {
  const file = $uploadedFile.get();
  // pageCount is the document's; the server adds the cover page itself.
  const body = { coverpage: buildCoverPage(new Date()), pageCount: file?.pageCount ?? 0 };
  let response: Response;
  try {
    // A PDF, not JSON: read here rather than through `call`.
    response = await api.coverPagePreview.$post({ json: body });
  } catch {
    return { ok: false, code: 'NETWORK', message: 'Network error' };
  }
  if (response.ok) return { ok: true, pdf: await response.blob() };
  const payload = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return { ok: false, code: payload?.error.code ?? 'INTERNAL', message: payload?.error.message ?? response.statusText };
}

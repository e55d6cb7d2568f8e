import { atom, computed } from 'nanostores';
import { formatOwnNumber } from '../common/phone-text';
import { buildCoverPage, type CoverDefaults, recipientsOf } from '../components/send/send-body';
import { firstProblem, type SendArea, type SendProblem, sendProblems } from '../components/send/send-problems';
import { type ApiFailureCode, api, call } from '../lib/api';
import { $account } from './account';
import { $document, $uploadedFile, IN_PROGRESS, markDocumentGone } from './send-document';
import { $draft, $schedule } from './send-draft';
import { $firstRecipient, $recipientList, addTypedNumbersNow, recipientsAdded } from './send-recipients';
import { onTeardown } from './teardown';

// The send itself on /send: what it costs, what stops it, and POST /api/sendFax (one number) or
// /api/sendFaxToMany (several). Nothing is dropped when a send fails: the draft and the uploaded
// document stay, and a document the server no longer has is uploaded again from memory.

export type { SendArea, SendProblem };

/** Where the /send form's own submission stands (the fax's progress is its row's, pushed as fax.updated). */
export type SendSubmission =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** Send was pressed while the document was uploading or a number was being read: it goes once they end. */
  | { kind: 'waiting' }
  | { kind: 'sent'; faxId: string }
  | { kind: 'failed'; area: SendArea; code: ApiFailureCode; message: string };

export const $submission = atom<SendSubmission>({ kind: 'idle' });
/** Send was pressed with something missing: from then on each part says what it lacks. Counts the presses. */
export const $sendAttempts = atom(0);
/** The user's own fax number (E.164), the cover page's default "from" number. */
export const $ownFaxNumber = atom<string | null>(null);

onTeardown(() => {
  $submission.set({ kind: 'idle' });
  $sendAttempts.set(0);
  $ownFaxNumber.set(null);
});

/** What the cover page shows where the user has not typed anything of their own. */
export const $coverDefaults = computed(
  [$firstRecipient, $account, $ownFaxNumber],
  (first, account, own): CoverDefaults => ({
    toName: first?.entry.contact?.name ?? '',
    // A contact imported with only a company has it as its name too: it is not printed twice.
    toCompany: first?.entry.contact && first.entry.contact.company !== first.entry.contact.name ? first.entry.contact.company : '',
    toNumber: first?.display ?? '',
    fromName: account?.displayName ?? '',
    fromNumber: own ? formatOwnNumber(own) : '',
  }),
);

/**
 * Pages of the fax as it would go now (cover page included), how many faxes (one per recipient),
 * the credits they take together, and the send credits at hand.
 */
export const $sendSummary = computed([$draft, $uploadedFile, $account, $recipientList], (draft, file, account, list) => {
  const pages = file ? file.pageCount + (draft.withCover ? 1 : 0) : null;
  const faxes = Math.max(1, list.valid.length);
  return {
    pages,
    faxes,
    needed: pages === null ? null : pages * faxes,
    credits: account ? account.faxCredits.defaultCreditsSend + account.faxCredits.paidCreditsSend : null,
  };
});

/** Everything that stops the send now, in the order of the page. */
export const $sendProblems = computed([$draft, $recipientList, $document, $schedule, $sendSummary], (draft, list, doc, schedule, summary) =>
  sendProblems({
    recipients: list,
    pendingText: draft.recipientText,
    document: doc
      ? doc.gone || doc.snapshot.state === 'error' || doc.snapshot.state === 'canceled'
        ? 'failed'
        : IN_PROGRESS.includes(doc.snapshot.state)
          ? 'uploading'
          : 'ready'
      : null,
    schedule,
    needed: summary.needed,
    credits: summary.credits,
  }),
);

/** The problems each part shows: none until Send is pressed, then those left, as they are fixed. */
export const $shownProblems = computed([$sendAttempts, $sendProblems], (attempts, problems) => (attempts > 0 ? problems : []));

/** Which part a refusal of the server concerns, so it is said there. */
function areaOf(code: ApiFailureCode, status: number): SendArea {
  if (code === 'INVALID_FAX_NUMBER') return 'to';
  if (status === 404 || code === 'TOO_MANY_PAGES') return 'document';
  return 'send';
}

/**
 * Sends the fax (to every recipient, now or at the time picked) and answers the part to look at:
 * the first thing missing (nothing is sent) or the part a refusal concerns; null when sent, and
 * the page moves to the fax's page or the group's.
 */
export async function sendFax(): Promise<SendArea | null> {
  if ($submission.get().kind === 'sending' || $submission.get().kind === 'waiting') return null;
  // A number still typed in the To field is taken as the person meant it, as are those on their way to chips.
  await addTypedNumbersNow();
  await recipientsAdded();
  if (onlyPassingLeft($sendProblems.get())) {
    // Pressed while the document is on its way or a number is being read (a Send kept from before
    // the page's scripts ran, decision 034, is replayed just as both start): it goes once they
    // end, checked afresh then, rather than asking the person to press again.
    $submission.set({ kind: 'waiting' });
    await passingEnded();
    $submission.set({ kind: 'idle' });
    return sendFax();
  }
  const problem = firstProblem($sendProblems.get());
  const file = $uploadedFile.get();
  const { pages } = $sendSummary.get();
  if (problem || !file || pages === null) {
    $sendAttempts.set($sendAttempts.get() + 1);
    return problem?.area ?? 'document';
  }
  const draft = $draft.get();
  const schedule = $schedule.get();
  const sendAt = schedule.kind === 'at' ? schedule.sendAt : undefined;
  // A scheduled fax's cover page carries the time it will be sent, on the sender's clock.
  const coverpage = draft.withCover ? buildCoverPage(draft, $coverDefaults.get(), new Date(sendAt ?? Date.now())) : (false as const);
  const recipients = recipientsOf($recipientList.get().valid);
  const common = { fileId: file.fileId, coverpage, pageCount: pages, anonymous: draft.anonymous, sendAt };
  $submission.set({ kind: 'sending' });
  const result =
    recipients.length > 1
      ? await call(api.sendFaxToMany.$post({ json: { ...common, recipients } })).then((r) =>
          r.ok ? { ok: true as const, page: `/broadcast/${encodeURIComponent(r.data.broadcastId)}`, id: r.data.broadcastId } : r,
        )
      : await call(api.sendFax.$post({ json: { ...common, toNumber: recipients[0]!.toNumber } })).then((r) =>
          r.ok ? { ok: true as const, page: `/faxDetails/${encodeURIComponent(r.data.faxId)}`, id: r.data.faxId } : r,
        );
  if (result.ok) {
    $submission.set({ kind: 'sent', faxId: result.id });
    window.location.assign(result.page);
    return null;
  }
  if (result.status === 404) markDocumentGone();
  const area = areaOf(result.code, result.status);
  $submission.set({ kind: 'failed', area, code: result.code, message: result.message });
  return area;
}

/** What stops a send only for a moment and ends by itself: an upload, a number being read. */
const PASSING: ReadonlySet<SendProblem['kind']> = new Set(['uploading', 'checkingNumber']);

function onlyPassingLeft(problems: readonly SendProblem[]): boolean {
  return problems.length > 0 && problems.every((problem) => PASSING.has(problem.kind));
}

/** Resolves once nothing passing stops the send: the upload ended (or failed, or was removed), the numbers are read. */
function passingEnded(): Promise<void> {
  return new Promise((resolve) => {
    const stop = $sendProblems.subscribe((problems) => {
      if (problems.some((problem) => PASSING.has(problem.kind))) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

/** A change after a refused send: the refusal is old news once the person acts on it. */
export function clearRefusal(): void {
  if ($submission.get().kind === 'failed') $submission.set({ kind: 'idle' });
}

import { MAX_RECIPIENTS } from '../../common/send-many-rules';
import type { ReadRecipient } from './recipient-list';
import type { ScheduleState } from './send-later-rules';

// What stops a send on /send, with no I/O. Send is never disabled: pressed with
// something missing, it takes the person to the first part listed here and each part says what it
// lacks, beside it. The parts are in the order of the page.

export type SendArea = 'to' | 'document' | 'later' | 'send';

export type SendProblem =
  | { area: 'to'; kind: 'noRecipient' | 'pendingText' | 'checkingNumber' | 'tooManyRecipients' }
  | { area: 'to'; kind: 'invalidRecipients'; entries: string }
  | { area: 'document'; kind: 'noDocument' | 'uploading' | 'uploadFailed' }
  | { area: 'later'; kind: 'invalidSendTime' }
  | { area: 'send'; kind: 'loadingAccount' }
  | { area: 'send'; kind: 'credits'; needed: number; available: number };

export interface SendState {
  recipients: { read: readonly ReadRecipient[]; invalid: readonly ReadRecipient[]; checking: boolean };
  /** Typed in the To field and not a recipient yet (a name with no contact chosen). */
  pendingText: string;
  document: 'uploading' | 'failed' | 'ready' | null;
  schedule: ScheduleState;
  /** Credits the send takes (null without a document) and those at hand (null while they load). */
  needed: number | null;
  credits: number | null;
}

function recipientProblem(state: SendState): SendProblem | null {
  const { read, invalid, checking } = state.recipients;
  if (state.pendingText.trim() !== '') return { area: 'to', kind: 'pendingText' };
  if (read.length === 0) return { area: 'to', kind: 'noRecipient' };
  if (invalid.length > 0) return { area: 'to', kind: 'invalidRecipients', entries: invalid.map((r) => r.entry.number).join(', ') };
  if (read.length > MAX_RECIPIENTS) return { area: 'to', kind: 'tooManyRecipients' };
  if (checking) return { area: 'to', kind: 'checkingNumber' };
  return null;
}

function documentProblem(state: SendState): SendProblem | null {
  if (state.document === null) return { area: 'document', kind: 'noDocument' };
  if (state.document === 'uploading') return { area: 'document', kind: 'uploading' };
  if (state.document === 'failed') return { area: 'document', kind: 'uploadFailed' };
  return null;
}

function sendButtonProblem(state: SendState): SendProblem | null {
  if (state.needed === null) return null; // no document: said at the document
  if (state.credits === null) return { area: 'send', kind: 'loadingAccount' };
  if (state.needed > state.credits) return { area: 'send', kind: 'credits', needed: state.needed, available: state.credits };
  return null;
}

/** Every problem of the send, one per part at most, in the order of the page. */
export function sendProblems(state: SendState): SendProblem[] {
  const later: SendProblem | null = state.schedule.kind === 'invalid' ? { area: 'later', kind: 'invalidSendTime' } : null;
  return [recipientProblem(state), documentProblem(state), later, sendButtonProblem(state)].filter((p): p is SendProblem => p !== null);
}

export function firstProblem(problems: readonly SendProblem[]): SendProblem | null {
  return problems[0] ?? null;
}

/** The problem a part shows, if any. */
export function problemOf(problems: readonly SendProblem[], area: SendArea): SendProblem | null {
  return problems.find((problem) => problem.area === area) ?? null;
}

import { FAX_MAX_ATTEMPTS } from '../../src/common/faxes';
import type { StoreFaxAttemptRow } from '../db/store/fax-attempts';
import type { StoreFaxRow } from '../db/store/schema';
import { isTerminalStatus } from './fax-status';

// What a `fax.dispatch {faxId, attempt}` message does with the fax as its owner's store has it.
// Every message may arrive twice, late, or for a fax that has moved on, so the message alone
// never decides.

/** start: a new attempt; resume: one whose delivery died before the carrier took it; wait: ask again shortly. */
export type DispatchDecision = 'start' | 'resume' | 'wait' | 'ignore';

/** `current` is the fax's latest attempt row (null before the first). */
export function decideDispatch(fax: StoreFaxRow, current: StoreFaxAttemptRow | null, attempt: number): DispatchDecision {
  if (fax.direction !== 'SEND' || isTerminalStatus(fax.status) || attempt > FAX_MAX_ATTEMPTS) return 'ignore';
  // A scheduled fax starts when the store's alarm says its time has come, never on an early message.
  if (fax.sendAt !== null) return 'ignore';
  // A delivery of this message that died between starting the attempt and the carrier taking it.
  if (attempt === fax.attempt) return current?.status === 'QUEUED' && current.carrierFaxId === null ? 'resume' : 'ignore';
  if (attempt !== fax.attempt + 1) return 'ignore';
  if (attempt === 1) return 'start';
  // A retry is queued just before its failure is committed: wait for the commit.
  if (!current || !isTerminalStatus(current.status)) return 'wait';
  return current.status === 'FAILED' && fax.nextAttemptAt !== null ? 'start' : 'ignore';
}

import { MAX_SCHEDULE_MS } from '../../src/common/send-many';

// Sending later (decision 025): when a fax may be scheduled, and when it counts as scheduled.

/** A scheduled time is in the future and at most MAX_SCHEDULE_DAYS ahead. */
export function isValidSendAt(sendAt: number, now: number): boolean {
  return sendAt > now && sendAt <= now + MAX_SCHEDULE_MS;
}

/** Still waiting for its time: not started, with a time set (cleared when it starts). */
export function isWaitingToStart(fax: { status: string; attempt: number; sendAt: number | null }): boolean {
  return fax.status === 'QUEUED' && fax.attempt === 0 && fax.sendAt !== null;
}

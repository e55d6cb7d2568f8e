import type { CarrierName } from '../carrier/types';
import type { UserFaxRow } from '../db/store/schema';
import { userStore } from '../user-store/stub';

/**
 * Records attempt `attempt` as started (a QUEUED attempt row, fax.attempt = n, no pending retry, a
 * timeline entry) before the carrier is called, so every event the carrier sends finds it.
 * Answers false when the attempt may not start (the fax finished, or the attempt was started by a
 * concurrent delivery of the same message). The dispatch starts its attempts in the same call that
 * decides them (`startDispatch`); this is the step on its own.
 */
export function startAttempt(env: Env, sent: UserFaxRow, attempt: number, carrier: CarrierName, localNumber: string): Promise<boolean> {
  return userStore(env, sent.userId).startAttempt(sent.id, attempt, carrier, localNumber);
}

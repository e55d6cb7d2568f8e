import type { LoginHistoryEntry } from '../../src/common/account-view';
import type { Db } from '../db/client';
import { listLoginEvents } from '../db/queries/login-events';

/** How many sign-ins settings lists, newest first. */
const LOGIN_HISTORY_LIMIT = 50;

/** The user's latest sign-ins as settings lists them (GET /api/loginHistory and the /settings page). */
export async function readLoginHistory(db: Db, userId: string): Promise<LoginHistoryEntry[]> {
  const events = await listLoginEvents(db, userId, LOGIN_HISTORY_LIMIT);
  return events.map(({ at, method, ip, device, country }) => ({ at, method, ip, device, country }));
}

import { getDb } from '../db/client';
import { insertLoginEvent } from '../db/queries/login-events';
import { findUserById } from '../db/queries/users';
import { describeDevice } from '../domain/device';
import { publishToUser } from '../live/publish';
import type { AccountJob } from '../queues/account-messages';

type SignInJob = Extract<AccountJob, { kind: 'sign-in.record' }>;

/**
 * Writes the login-history row for a sign-in and tells the user's open pages, so a sign-in from
 * another device shows up at once (the pages of the new session itself are told it is theirs). A redelivered job finds its row and tells nobody twice.
 */
export async function recordSignIn(env: Env, job: SignInJob): Promise<void> {
  const db = getDb(env);
  // The account may have been deleted since; retrying could never succeed.
  if (!(await findUserById(db, job.userId))) return;
  const device = describeDevice(job.userAgent);
  const inserted = await insertLoginEvent(db, {
    id: job.id,
    userId: job.userId,
    at: job.at,
    method: job.method,
    ip: job.ip,
    userAgent: job.userAgent,
    device,
    country: job.country,
  });
  if (!inserted) return;
  // The new session's own pages are told too, marked as theirs: a page opened right after signing
  // in may have been rendered before this row existed, and its sign-in history must still show it.
  const started = { type: 'session.started', at: job.at, method: job.method, device } as const;
  await publishToUser(
    env,
    job.userId,
    { ...started, yours: false },
    { exceptSessionId: job.sessionId, ownEvent: { ...started, yours: true } },
  );
}

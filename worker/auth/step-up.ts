import type { Context } from 'hono';
import { getDb } from '../db/client';
import { findSessionSecondFactorAt, updateSessionSecondFactorAt } from '../db/queries/sessions';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { hasSecondFactor } from './second-factor';
import { currentViewer } from './viewer';

// Step-up (decision 044): changing the e-mail or the password, or deleting the account, asks for
// the second factor again when this session last proved it more than 15 minutes ago. A session
// left open on a shared computer, or stolen, cannot make those changes alone.

export const STEP_UP_WINDOW_MS = 15 * 60 * 1000;

/** 403 STEP_UP_REQUIRED when the account has a second factor this session has not proved lately. */
export async function requireRecentSecondFactor(c: Context<AppEnv>, user: UserRow): Promise<void> {
  const db = getDb(c.env);
  if (!(await hasSecondFactor(db, user.id))) return;
  const { sessionId } = currentViewer(c);
  const at = await findSessionSecondFactorAt(db, sessionId);
  if (at === null || Date.now() - at > STEP_UP_WINDOW_MS) throw new ApiError(403, 'STEP_UP_REQUIRED');
}

/** This session has just proved the second factor. */
export async function markSecondFactorProved(c: Context<AppEnv>): Promise<void> {
  const { sessionId } = currentViewer(c);
  await updateSessionSecondFactorAt(getDb(c.env), sessionId, Date.now());
}

import type { Context } from 'hono';
import type { HistoryMethod, SignInMethod } from '../../src/common/sign-in-link';
import { getDb } from '../db/client';
import { insertLoginEvent } from '../db/queries/login-events';
import { describeDevice } from '../domain/device';
import { readConfig } from '../env';
import type { AppEnv } from '../http/app-env';
import { type SecondFactorNotice, secondFactorMail } from '../mail/second-factor-mail';
import { sendMail } from '../mail/send';

// How a change to the way an account proves itself is told (decisions 044 and 045): a line in the
// sign-in history beside the sign-ins, and a mail to the account (NIST 800-63B-4 §4.6).

/** A change to the second factor, written straight into the sign-in history beside the sign-ins. */
export async function recordFactorChange(c: Context<AppEnv>, userId: string, method: Exclude<HistoryMethod, SignInMethod>): Promise<void> {
  const userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
  await insertLoginEvent(getDb(c.env), {
    id: crypto.randomUUID(),
    userId,
    at: Date.now(),
    method,
    ip: c.req.header('cf-connecting-ip') ?? null,
    userAgent,
    device: describeDevice(userAgent),
    country: (c.req.raw.cf?.country as string | undefined) ?? null,
  });
}

/** The change is made; a mail that could not go is logged, never turned into a failure. */
export async function mailQuietly(env: Env, to: string, notice: SecondFactorNotice): Promise<void> {
  try {
    await sendMail(env, secondFactorMail(to, notice, readConfig(env).SUPPORT_EMAIL));
  } catch (err) {
    console.warn('Could not send the second-factor notice', err);
  }
}

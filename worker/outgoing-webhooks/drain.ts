import { WEBHOOK_DISABLE_AFTER_DAYS } from '../../src/common/outgoing-webhook-rules';
import { getDb } from '../db/client';
import { findUserById } from '../db/queries/users';
import type { ClaimedDelivery } from '../db/store/webhooks';
import { type AppConfig, readConfig } from '../env';
import { sendMail } from '../mail/send';
import { webhookDisabledMail } from '../mail/webhook-disabled-mail';
import { enqueueWebhookDrain } from '../queues/webhook-messages';
import { userStore } from '../user-store/stub';
import { attemptDelivery } from './deliver';

// The consumer's work for one account (decision 047): take the deliveries due from the account's
// store (one per endpoint at a time, oldest event first), send them side by side, record each, and
// take the next, until none is due. A failed attempt is due again after its pause; a queue message
// delayed by that pause comes back for it.

/** Deliveries sent side by side (each to a different endpoint). */
const PARALLEL = 10;
/** Rounds one message makes at most (each sends every claimed endpoint's due events). */
const MAX_ROUNDS = 50;

export interface DrainReport {
  attempts: number;
  delivered: number;
}

/** Sends what is due now for the user. `clock` is for tests that walk through the retry schedule. */
export async function drainWebhooks(env: Env, userId: string, clock: () => number = Date.now): Promise<DrainReport> {
  const config = readConfig(env);
  const store = userStore(env, userId);
  const report: DrainReport = { attempts: 0, delivered: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await store.claimWebhookDeliveries(clock(), PARALLEL);
    if (claimed.length === 0) break;
    // Each endpoint in turn through its due events, side by side with the others.
    await Promise.all(
      claimed.map(async (first) => {
        let claim: ClaimedDelivery | null = first;
        while (claim) {
          const attempt = await attemptDelivery(config, userId, claim, clock());
          const finished = await store.finishWebhookAttempt(attempt, clock());
          report.attempts++;
          if (attempt.delivered) report.delivered++;
          if (attempt.retryInSeconds !== null) await enqueueWebhookDrain(env, userId, attempt.retryInSeconds);
          if (finished.disabled) await mailEndpointDisabled(env, config, userId, finished.disabled.url);
          claim = finished.next;
        }
      }),
    );
  }
  return report;
}

async function mailEndpointDisabled(env: Env, config: AppConfig, userId: string, url: string): Promise<void> {
  const user = await findUserById(getDb(env), userId);
  if (!user) return;
  const settings = `${config.PUBLIC_ORIGIN ?? 'http://localhost:8787'}/settings/developers`;
  await sendMail(env, webhookDisabledMail(user.email, url, WEBHOOK_DISABLE_AFTER_DAYS, settings));
}

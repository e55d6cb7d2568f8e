import type { Db } from '../db/client';
import { claimOnce } from '../db/queries/billing';
import { forgetWebhookEvent } from '../db/queries/webhook-events';

/** Tries at giving a claim back: while it stands, nobody does the work it guarded. */
const GIVE_BACK_TRIES = 3;

/**
 * Does `work` for the one caller that claims the key (two runs at once do it once). If the work
 * fails the claim is given back, so the next run (the cron's, or the processor's redelivery) does
 * it: a claim kept after a failure would skip the work for good (faults-cron.test.ts: a D1 error while
 * recording a renewal left a plan never renewed). Answers false when someone else has the claim.
 */
export async function runClaimed(db: Db, scope: string, key: string, now: number, work: () => Promise<void>): Promise<boolean> {
  if (!(await claimOnce(db, scope, key, now))) return false;
  try {
    await work();
  } catch (error) {
    await giveBack(db, scope, key);
    throw error;
  }
  return true;
}

async function giveBack(db: Db, scope: string, key: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await forgetWebhookEvent(db, scope, key);
      return;
    } catch (error) {
      if (tries >= GIVE_BACK_TRIES) {
        console.error(`The claim ${scope} ${key} could not be given back; its work waits until someone removes it`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** tries));
    }
  }
}

import { invalidateUserSessions } from '../auth/session';
import { getDb } from '../db/client';
import { deleteUserRecords, markUserDeleting } from '../db/queries/account-deletion';
import { releaseNumbersOf } from '../db/queries/numbers';
import { endAllLiveSessions } from '../live/publish';
import { userHolderKey } from '../numbers/holder';
import { deleteUserObjects } from '../storage/documents';
import { stopPlanForDeletion } from '../subscriptions/cancel';
import { userHubStub, userStore } from '../user-store/stub';

/**
 * One step of deleting an account. Every step must be idempotent: after a crash or a redelivery
 * it runs again, possibly after it had already finished, and must then change nothing.
 */
export interface DeletionStep {
  /** Stable name, kept in jobs.step; the deletion page shows it in words (deletion.steps.<name>). */
  name: string;
  /** Progress (0..100) the job shows while this step runs. */
  progress: number;
  run(env: Env, userId: string): Promise<void>;
}

/** Signs the user out everywhere at once and keeps the account from signing in again. */
export async function lockAccount(env: Env, userId: string): Promise<void> {
  const db = getDb(env);
  await markUserDeleting(db, userId, Date.now());
  await invalidateUserSessions(db, userId);
  await endAllLiveSessions(env, userId);
}

/**
 * The deletion, in order. Steps that stop new data arriving come first (release the numbers,
 * cancel the subscription), then the rows go (the fax ledger's totals stay: they never named
 * the user), and the R2 objects last: once the rows are gone nothing can add an
 * object under the user's prefix, so none can slip in behind the step that deletes them.
 * A new step goes into this list; the runner (delete-account.ts) needs no change.
 */
export const DELETION_STEPS: readonly DeletionStep[] = [
  { name: 'lock-account', progress: 5, run: lockAccount },
  {
    name: 'release-numbers',
    progress: 15,
    run: (env, userId) => releaseNumbersOf(getDb(env), userId, userHolderKey(userId)),
  },
  // Before the rows go: a plan Stripe runs is cancelled there at once (the local processor keeps
  // nothing to cancel), then the plan stops here.
  { name: 'cancel-subscription', progress: 22, run: stopPlanForDeletion },
  {
    name: 'delete-records',
    progress: 30,
    // What the store's ended faxes add to the anonymised ledger first (it names nobody and stays,
    // decision 042), then the rows in D1, then everything in the user's own store: their history.
    run: async (env, userId) => {
      if (!(await userStore(env, userId).flushLedger())) throw new Error('The ledger could not be added to');
      await deleteUserRecords(getDb(env), userId);
      await userHubStub(env, userId).deleteStore();
    },
  },
  {
    name: 'delete-documents',
    progress: 60,
    run: async (env, userId) => {
      await deleteUserObjects(env, userId);
    },
  },
];

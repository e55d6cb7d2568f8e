import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/app';
import { DELETION_MAX_ATTEMPTS } from '../../worker/jobs/delete-account';
import { userPrefix } from '../../worker/storage/documents';
import { insertDeletionJob, jobRow, objectKeysUnder, rowsMentioning, userWithDocuments } from '../support/deletion';
import { type FaultPlan, withFaults } from '../support/faults';
import { storeRowsOf } from '../support/user-store';

// Faults in the account-deletion consumer (decision 029): D1 and R2 fail with their documented
// transient errors at each step. The message is retried, never acknowledged while the account is
// not gone, the job says which step is waiting for its retry, and once storage answers the
// deletion finishes with nothing of the user left: no row, no object, nothing in their store.

let counter = 0;

const CASES: { name: string; plan: FaultPlan }[] = [
  { name: 'D1 lost while locking the account', plan: { d1: 3 } },
  { name: 'D1 lost deleting the rows', plan: { d1: 2, d1When: /^delete from/i } },
  { name: 'R2 lost listing the documents', plan: { r2: 2, r2When: ['list'] } },
  { name: 'R2 lost deleting the documents', plan: { r2: 2, r2When: ['delete'] } },
];

describe('account deletion under storage faults', () => {
  it.each(CASES)('$name: retried, then nothing of the user is left', async ({ plan }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = await userWithDocuments();
    const job = await insertDeletionJob(user.id);
    const faults = withFaults(plan);

    const outcomes: string[] = [];
    for (let attempts = 1; attempts < DELETION_MAX_ATTEMPTS; attempts++) {
      const body = { kind: 'account.delete', jobId: job.id, userId: user.id };
      const batch = createMessageBatch('account-jobs', [{ id: `deletion-fault-${++counter}`, timestamp: new Date(), attempts, body }]);
      await worker.queue(batch, faults.env);
      const result = await getQueueResult(batch, createExecutionContext());
      outcomes.push(result.explicitAcks.length === 1 ? 'acked' : result.retryMessages.length === 1 ? 'retried' : 'neither');
      if (outcomes.at(-1) === 'acked') break;
      // Waiting for its retry, the job is not over, and says at most which step failed, never the error's own words.
      const waiting = await jobRow(job.id);
      expect(['queued', 'running']).toContain(waiting!.state);
      if (waiting!.error !== null) expect(waiting!.error).toMatch(/^The step [a-z-]+ failed\.$/);
    }
    expect(outcomes[0]).toBe('retried');
    expect(outcomes.at(-1)).toBe('acked');
    expect(faults.left).toEqual({ d1: 0, r2: 0 });

    expect(await jobRow(job.id)).toMatchObject({ state: 'done', progress: 100, error: null });
    expect(await rowsMentioning(user.id, user.email)).toEqual([]);
    expect(await objectKeysUnder(userPrefix(user.id))).toEqual([]);
    expect(await storeRowsOf(user.id)).toBe(0);
  });
});

import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type JobRow, jobs } from '../schema';

const ACTIVE_STATES = ['queued', 'running'] as const;

export async function findJob(db: Db, jobId: string): Promise<JobRow | null> {
  return (await db.query.jobs.findFirst({ where: eq(jobs.id, jobId) })) ?? null;
}

export async function findActiveDeletionJob(db: Db, userId: string): Promise<JobRow | null> {
  return (
    (await db.query.jobs.findFirst({
      where: and(eq(jobs.userId, userId), eq(jobs.kind, 'account-delete'), inArray(jobs.state, ACTIVE_STATES)),
    })) ?? null
  );
}

/**
 * Creates a queued deletion job unless the user already has one queued or running. One statement,
 * so two starts at the same moment still make one job. True when this call created it.
 */
export async function insertDeletionJobUnlessActive(db: Db, jobId: string, userId: string, now: number): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO jobs (id, user_id, kind, state, progress, step, error, created_at, updated_at)
    SELECT ${jobId}, ${userId}, 'account-delete', 'queued', 0, NULL, NULL, ${now}, ${now}
    WHERE NOT EXISTS (
      SELECT 1 FROM jobs
      WHERE user_id = ${userId} AND kind = 'account-delete' AND state IN ('queued', 'running')
    )
    RETURNING id`);
  return rows.length > 0;
}

export type JobChange = Pick<JobRow, 'state' | 'progress' | 'step' | 'error' | 'updatedAt'>;

/**
 * The job after the change, or null when there is no such job or it is already done: a finished
 * job never moves back (a duplicate delivery still running its steps must not undo "done").
 */
export async function updateJob(db: Db, jobId: string, change: JobChange): Promise<JobRow | null> {
  const rows = await db
    .update(jobs)
    .set(change)
    .where(and(eq(jobs.id, jobId), ne(jobs.state, 'done')))
    .returning();
  return rows[0] ?? null;
}

/**
 * Marks a deletion finished. Every job row of the user forgets whose it was (its user_id becomes
 * empty) and any other unfinished one is finished too: the account they were about is gone.
 */
export async function finishDeletionJobs(db: Db, jobId: string, userId: string, now: number): Promise<JobRow | null> {
  await db
    .update(jobs)
    .set({ userId: '', state: 'done', progress: 100, step: null, error: null, updatedAt: now })
    .where(userId ? or(eq(jobs.id, jobId), and(eq(jobs.userId, userId), eq(jobs.kind, 'account-delete'))) : eq(jobs.id, jobId));
  return findJob(db, jobId);
}

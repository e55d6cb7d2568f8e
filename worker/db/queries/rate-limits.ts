import { sql } from 'drizzle-orm';
import type { WindowHits } from '../../domain/rate-limits';
import type { Db } from '../client';

/** The hits counted for `key` in the window that began at `start` and the one before it, without counting one. */
export async function readHits(db: Db, key: string, start: number, windowMs: number): Promise<WindowHits> {
  const row = await db.get<{ window_start: number; count: number; previous_count: number }>(
    sql`SELECT window_start, count, previous_count FROM rate_limits WHERE key = ${key}`,
  );
  if (row?.window_start === start) return { current: row.count, previous: row.previous_count };
  if (row?.window_start === start - windowMs) return { current: 0, previous: row.count };
  return { current: 0, previous: 0 };
}

/**
 * Counts one hit on `key` in the window starting at `start` and answers the hits of that window so
 * far and of the one before it. One statement, so concurrent hits never lose a count. A new window
 * keeps the last one's count as its previous when the two are adjacent, else starts from nothing
 * (the SET expressions all read the row as it was).
 */
export async function countHit(db: Db, key: string, start: number, windowMs: number): Promise<WindowHits> {
  const row = await db.get<{ count: number; previous_count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count, previous_count) VALUES (${key}, ${start}, 1, 0)
    ON CONFLICT(key) DO UPDATE SET
      previous_count = CASE
        WHEN window_start = excluded.window_start THEN previous_count
        WHEN window_start = excluded.window_start - ${windowMs} THEN count
        ELSE 0 END,
      count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count, previous_count`);
  return { current: row?.count ?? 1, previous: row?.previous_count ?? 0 };
}

/** Forgets counters whose windows ended before `before`: they count for nothing any more. */
export async function deleteRateLimitsBefore(db: Db, before: number): Promise<void> {
  await db.run(sql`DELETE FROM rate_limits WHERE window_start < ${before}`);
}

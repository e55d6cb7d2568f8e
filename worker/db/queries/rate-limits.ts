import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Counts one hit on `key` in the window starting at `start` and answers the count so far. One
 * statement, so concurrent hits never lose a count; a new window starts the count again.
 */
/** The hits counted in the window that began at `start`, without counting one. */
export async function readHits(db: Db, key: string, start: number): Promise<number> {
  const row = await db.get<{ count: number }>(sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${start}`);
  return row?.count ?? 0;
}

export async function countHit(db: Db, key: string, start: number): Promise<number> {
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${start}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  return row?.count ?? 1;
}

import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import type { Db } from '../client';
import { options } from '../schema';

/** An option's value parsed by `schema`; throws when it is missing or malformed (a deploy error). */
export async function readOption<T>(db: Db, key: string, schema: ZodType<T>): Promise<T> {
  const row = await db.query.options.findFirst({ where: eq(options.key, key) });
  if (!row) throw new Error(`Option ${key} is not set`);
  return schema.parse(JSON.parse(row.value));
}

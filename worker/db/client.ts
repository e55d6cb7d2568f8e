import { type DrizzleD1Database, drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = DrizzleD1Database<typeof schema>;

// Drizzle walks the whole schema each time it is made (0.1–0.2 ms), and a request asks for it
// several times: one per database binding is enough, as it holds no state of a request.
const made = new WeakMap<D1Database, Db>();

export function getDb(env: Env): Db {
  let db = made.get(env.DB);
  if (!db) {
    db = drizzle(env.DB, { schema });
    made.set(env.DB, db);
  }
  return db;
}

/**
 * True when a database error is a UNIQUE constraint violation. Drizzle wraps D1's error
 * ("Failed query: …") and keeps SQLite's message in the cause, so the whole chain is read.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let current: unknown = err; current instanceof Error; current = current.cause) {
    if (current.message.includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

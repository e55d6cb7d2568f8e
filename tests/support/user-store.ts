import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { findFaxOwnerOf } from '../../worker/fax/user-faxes';

// A user's own store (their UserHub Durable Object, decision 023) read and written the way the
// tests used to read D1's fax tables: raw SQL on the object's SQLite. The store is first made
// ready through a real call, so the one-time copy out of D1 has run and cannot overwrite what a
// test writes afterwards.

export function userStoreStub(userId: string) {
  return env.USER_HUB.get(env.USER_HUB.idFromName(userId));
}

/** Runs `sql` in the user's store; answers the rows. */
export async function storeSql<T = Record<string, unknown>>(userId: string, sql: string, ...binds: unknown[]): Promise<T[]> {
  const stub = userStoreStub(userId);
  await stub.faxTotals(userId);
  return runInDurableObject(stub, (_hub, state) => state.storage.sql.exec(sql, ...binds).toArray() as T[]);
}

/** Whose store a fax is in: named by its id (decision 042), or by D1's fax_owners for an old one. */
export async function ownerOfFax(faxId: string): Promise<string | null> {
  return findFaxOwnerOf(env, faxId);
}

/** The owner of a fax: the one given, or the one its id names. */
export async function requireOwner(faxId: string, userId?: string): Promise<string> {
  const owner = userId ?? (await ownerOfFax(faxId));
  if (!owner) throw new Error(`no owner known for fax ${faxId}: pass the user id`);
  return owner;
}

/** Sets one kind of the user's balance outright (a test's starting point, not a ledger move). */
export async function setStoreBalance(
  userId: string,
  kind: 'send' | 'receive',
  defaultCredits: number,
  paidCredits: number,
): Promise<void> {
  await storeSql(
    userId,
    `INSERT INTO credits (kind, default_credits, paid_credits) VALUES (?, ?, ?)
     ON CONFLICT (kind) DO UPDATE SET default_credits = excluded.default_credits, paid_credits = excluded.paid_credits`,
    kind,
    defaultCredits,
    paidCredits,
  );
}

export async function storeBalance(userId: string, kind: 'send' | 'receive'): Promise<{ default: number; paid: number }> {
  const [row] = await storeSql<{ d: number; p: number }>(
    userId,
    'SELECT default_credits AS d, paid_credits AS p FROM credits WHERE kind = ?',
    kind,
  );
  return { default: row?.d ?? 0, paid: row?.p ?? 0 };
}

export async function storeLifetime(userId: string, direction: 'SEND' | 'RECEIVE'): Promise<number> {
  const [row] = await storeSql<{ n: number }>(userId, 'SELECT lifetime AS n FROM fax_counters WHERE direction = ?', direction);
  return row?.n ?? 0;
}

/**
 * Rings the store's alarm now, as the runtime would once it is due; answers whether it rang. A
 * test that wrote a stuck fax straight into the store has no alarm set by a real change, so one is set.
 */
export async function ringStoreAlarm(userId: string): Promise<boolean> {
  const stub = userStoreStub(userId);
  await runInDurableObject(stub, async (_hub, state) => {
    if ((await state.storage.getAlarm()) === null) await state.storage.setAlarm(Date.now());
  });
  return runDurableObjectAlarm(stub);
}

/** Rows left in the user's store, every table of it (decision 023): none once the account is deleted. */
export async function storeRowsOf(userId: string): Promise<number> {
  return runInDurableObject(userStoreStub(userId), (_hub, state) =>
    [
      'faxes',
      'fax_attempts',
      'fax_events',
      'credits',
      'credit_ledger',
      'fax_counters',
      'store_facts',
      'carrier_receipts',
      'contacts',
      'remote_numbers',
      'mailed_faxes',
    ].reduce((sum, table) => sum + state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n, 0),
  );
}

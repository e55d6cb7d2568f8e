import { getDb } from '../db/client';
import { findNumberByE164, returnNumberToPool, searchFreeNumbers } from '../db/queries/numbers';
import { type NumberCandidate, type NumberInventory, NumberOrderRefused } from './number-inventory';

// The local pool (scripts/seed/local-number-pool.sql, seeded by npm start and the test setup): D1
// is the whole inventory, so searching is reading the free rows, ordering a pooled number buys
// nothing, and releasing one only puts it back in the pool. Nothing leaves D1.

export function createLocalNumberInventory(env: Env): NumberInventory {
  const db = getDb(env);

  async function searchNumbers(search: { areaCode?: string; city?: string; limit: number }): Promise<NumberCandidate[]> {
    const rows = await searchFreeNumbers(db, search, Date.now(), search.limit);
    return rows.map(({ number, areaCode, city, region }) => ({ number, areaCode, city, region }));
  }

  async function orderNumber(number: string): Promise<{ carrierOrderId: string }> {
    const row = await findNumberByE164(db, number);
    if (!row) throw new NumberOrderRefused(number, `${number} is not in the local pool`);
    return { carrierOrderId: `local:${row.id}` };
  }

  async function releaseNumber(number: string): Promise<void> {
    await returnNumberToPool(db, number);
  }

  return { name: 'local', searchNumbers, orderNumber, releaseNumber };
}

import { getDb } from '../db/client';
import { findFreeNumbersAmong, type NumberSearch, searchFreeNumbers } from '../db/queries/numbers';
import type { FaxNumberRow } from '../db/schema';
import { numberInventory } from './index';

/**
 * The numbers a visitor may hold now for a search (GET /api/numbers): the inventory's offer, read
 * back from D1 so a number held meanwhile is left out. When the inventory cannot be reached (a
 * Telnyx outage, a timeout) the free numbers D1 already has are offered instead: a visitor never
 * gets an error for it.
 */
export async function searchHoldableNumbers(env: Env, search: NumberSearch, limit: number): Promise<FaxNumberRow[]> {
  const db = getDb(env);
  const inventory = numberInventory(env);
  try {
    const candidates = await inventory.searchNumbers({ ...search, limit });
    return await findFreeNumbersAmong(
      db,
      candidates.map((c) => c.number),
      Date.now(),
      limit,
    );
  } catch (err) {
    if (inventory.name === 'local') throw err;
    console.warn(`Number search through ${inventory.name} failed; offering the free numbers already stored`, err);
    return searchFreeNumbers(db, search, Date.now(), limit);
  }
}

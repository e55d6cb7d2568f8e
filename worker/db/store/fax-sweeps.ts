import { and, eq, inArray, isNull, lt, min, or } from 'drizzle-orm';
import { builtOnce } from './built-once';
import type { StoreScope } from './open-store';
import { storeFaxAttempts, storeFaxes } from './schema';

// The store's reads of its own faxes that may be stuck (domain/fax-sweeps.ts), for its alarm.

/**
 * Sent faxes still on their way and unchanged since `before`, each with its current attempt.
 * Faxes the carrier has (an attempt with its id, not failed) owe nothing and are left out.
 */
export function listStalledStoreSendFaxes(store: StoreScope, before: number) {
  const f = storeFaxes;
  const a = storeFaxAttempts;
  return store
    .select({ fax: f, current: a })
    .from(f)
    .leftJoin(a, and(eq(a.faxId, f.id), eq(a.attempt, f.attempt)))
    .where(
      and(
        eq(f.direction, 'SEND'),
        inArray(f.status, ['QUEUED', 'SENDING']),
        lt(f.updated, before),
        or(isNull(a.carrierFaxId), eq(a.status, 'FAILED')),
        // A scheduled fax waits for its time, which the alarm keeps on its own.
        isNull(f.sendAt),
      ),
    )
    .orderBy(f.updated)
    .all();
}

/** Received faxes still RECEIVING with no news since `before`. */
export function listSilentStoreReceivingFaxes(store: StoreScope, before: number) {
  const f = storeFaxes;
  return store
    .select()
    .from(f)
    .where(and(eq(f.direction, 'RECEIVE'), eq(f.status, 'RECEIVING'), lt(f.updated, before)))
    .all();
}

/** When the oldest fax still on its way last changed, or null when none is (nothing to watch). */
export function oldestOpenFaxChange(store: StoreScope): number | null {
  // Asked after every change of a fax (the alarm's anchors, room.ts): built once per store.
  const query = builtOnce(store, 'oldest open fax change', (s) =>
    s
      .select({ at: min(storeFaxes.updated) })
      .from(storeFaxes)
      .where(and(inArray(storeFaxes.status, ['QUEUED', 'SENDING', 'RECEIVING']), isNull(storeFaxes.sendAt)))
      .prepare(),
  );
  return query.get()?.at ?? null;
}

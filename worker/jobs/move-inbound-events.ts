import { deleteOldInboundEvent, listOldInboundEvents } from '../db/queries/inbound-faxes';
import { handleInboundEvent } from '../receive/inbound-events';

// The one-time emptying of D1's carrier_inbound_events (decision 042), run by the cron until it is
// empty: an event whose handling never finished is handed to the receiving number's owner's store
// (which de-duplicates it and makes the fax, idempotently), then its row goes; a handled one just
// goes. A row is deleted only after its event was handled, so a run cut short loses nothing, and
// running it twice hands nothing over twice (the store refuses what it has handled).

const EVENTS_PER_RUN = 50;

/** After this long a carrier's media link has long expired and no retry can fetch it. */
const GIVE_UP_AFTER_MS = 7 * 24 * 3600_000;

/** Moves the next events; answers how many rows left D1. */
export async function moveInboundEventsToStores(env: Env, limit = EVENTS_PER_RUN): Promise<number> {
  let moved = 0;
  for (const { provider, eventId, pending } of await listOldInboundEvents(env.DB, limit)) {
    if (pending) {
      try {
        await handleInboundEvent(env, provider, pending);
      } catch (err) {
        // Its media not ready, or the store unreachable: the next run tries again, for a while.
        const stale = Date.now() - pending.occurredAt > GIVE_UP_AFTER_MS;
        console.warn(
          `An inbound event of before decision 042 could not be handled${stale ? '; given up' : ' yet'}`,
          { provider, eventId },
          err,
        );
        if (!stale) continue;
      }
    }
    await deleteOldInboundEvent(env.DB, provider, eventId);
    moved++;
  }
  return moved;
}

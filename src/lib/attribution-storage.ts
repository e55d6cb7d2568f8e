import { ATTRIBUTION_SAVED_EVENT, ATTRIBUTION_STORAGE_KEY, type Attribution, toAttributionRecord } from '../common/attribution';

/**
 * The attribution record this browser keeps (spec §3), read leniently as the attribution script
 * reads it (no zod on the pages every signed-in person opens, docs/decisions/032); null when there
 * is none or it is unreadable. The server judges it against the limits (attribution-schema.ts).
 */
export function readStoredAttribution(): Attribution | null {
  try {
    const raw = window.localStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    return raw ? toAttributionRecord(JSON.parse(raw)) : null;
  } catch {
    return null; // storage blocked or not JSON: attribution failures are never the user's problem
  }
}

/** Calls `listener` each time this page load's attribution record is saved; answers how to stop. */
export function onAttributionSaved(listener: () => void): () => void {
  window.addEventListener(ATTRIBUTION_SAVED_EVENT, listener);
  return () => window.removeEventListener(ATTRIBUTION_SAVED_EVENT, listener);
}

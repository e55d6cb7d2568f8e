import { ATTRIBUTION_STORAGE_KEY, type Attribution } from '../common/attribution';
import { attributionSchema } from '../common/attribution-schema';

/** The attribution record this browser keeps (spec §3), or null when there is none or it is unreadable. */
export function readStoredAttribution(): Attribution | null {
  try {
    const raw = window.localStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = attributionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // storage blocked or not JSON: attribution failures are never the user's problem
  }
}

import type { Attribution } from '../../src/common/attribution';
import type { StoredAttribution } from '../db/queries/users';

/** Where the user came from, first and last (POST /api/syncUserAttribution answers it). */
export interface AttributionTouches {
  firstTouch: Attribution | null;
  lastTouch: Attribution | null;
}

function parseRecord(json: string | null): Attribution | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as Attribution; // written by us from a validated record
  } catch {
    return null;
  }
}

export function toAttributionTouches(stored: StoredAttribution): AttributionTouches {
  return { firstTouch: parseRecord(stored.firstTouch), lastTouch: parseRecord(stored.lastTouch) };
}

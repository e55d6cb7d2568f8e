import { z } from 'zod';
import { type Attribution, ATTRIBUTION_LIMITS as MAX } from './attribution';

// The attribution record as the server accepts it (setupNewUser, syncUserAttribution). Kept apart
// from the rules in attribution.ts so the script every page runs carries no zod.
const text = (max: number) => z.string().trim().max(max);
const isoTime = z.iso.datetime({ offset: true });

// Every field is optional; unknown fields are dropped.
export const attributionSchema = z.object({
  source: text(MAX.source).optional(),
  campaign: text(MAX.campaign).optional(),
  variation: text(MAX.variation).optional(),
  guid: text(MAX.guid).optional(),
  gclid: text(MAX.gclid).optional(),
  lastActive: isoTime.optional(),
  firstActive: isoTime.optional(),
  browser: z.object({ name: text(MAX.browserName).optional(), version: text(MAX.version).optional() }).optional(),
  device: z.object({ os: text(MAX.os).optional(), version: text(MAX.version).optional() }).optional(),
  geo: text(MAX.geo).optional(),
  state: text(MAX.state).nullable().optional(),
  city: text(MAX.city).optional(),
  userAgent: text(MAX.userAgent).optional(),
}) satisfies z.ZodType<Attribution>;

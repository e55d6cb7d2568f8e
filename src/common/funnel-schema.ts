import { z } from 'zod';
import { ATTRIBUTION_LIMITS as MAX } from './attribution';
import { BEACON_STEPS, type FunnelBeacon } from './funnel';

// POST /api/funnel as the server accepts it. Apart from ./funnel.ts so the landing pages' inline
// script carries no zod.
const text = (max: number) => z.string().trim().max(max);

export const funnelBeaconSchema = z.object({
  step: z.enum(BEACON_STEPS),
  source: text(MAX.source).optional(),
  campaign: text(MAX.campaign).optional(),
  variation: text(MAX.variation).optional(),
}) satisfies z.ZodType<FunnelBeacon>;

/** GET /dev/funnel?days=: how many days back the report reaches (today included). */
export const funnelDaysSchema = z.coerce.number().int().min(1).max(366).catch(30);

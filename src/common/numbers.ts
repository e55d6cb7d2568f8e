import { z } from 'zod';
import { ATTRIBUTION_LIMITS } from './attribution';

// Fax numbers as the API answers them, and the requests of the hold calls (spec §7).

// The views and the hold's clock are in ./number-rules.ts, which pages load without zod (decision 032).
export { type FaxNumberView, holdSecondsLeft, type NumberHoldView } from './number-rules';

export const numberSearchSchema = z.object({
  areaCode: z
    .string()
    .regex(/^[2-9]\d{2}$/, 'INVALID_INPUT')
    .optional(),
  city: z.string().trim().min(1).max(60).optional(),
});

const numberIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'INVALID_INPUT');

/**
 * Where a visitor placing a hold came from, as their browser's attribution record says (the funnel
 * counts their hold under it, decision 040); a signed-in caller's account says it instead.
 */
const holdTouch = {
  source: z.string().trim().max(ATTRIBUTION_LIMITS.source).optional(),
  campaign: z.string().trim().max(ATTRIBUTION_LIMITS.campaign).optional(),
  variation: z.string().trim().max(ATTRIBUTION_LIMITS.variation).optional(),
};

export const optionalNumberQuerySchema = z.object({ numberId: numberIdSchema.optional(), ...holdTouch });
export const numberQuerySchema = z.object({ numberId: numberIdSchema, ...holdTouch });

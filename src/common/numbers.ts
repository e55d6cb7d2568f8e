import { z } from 'zod';

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

export const optionalNumberQuerySchema = z.object({ numberId: numberIdSchema.optional() });
export const numberQuerySchema = z.object({ numberId: numberIdSchema });

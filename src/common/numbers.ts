import { z } from 'zod';

// Fax numbers as the API answers them, and the requests of the hold calls (spec §7).

export interface FaxNumberView {
  id: string;
  /** E.164. */
  number: string;
  /** (212) 555-0123 */
  display: string;
  areaCode: string;
  city: string;
  region: string;
}

export interface NumberHoldView extends FaxNumberView {
  /** Epoch ms when the hold runs out and the number returns to the pool. */
  expiresAt: number;
}

/** Whole seconds a hold has left at `now`; 0 once it has run out (or with no hold). */
export function holdSecondsLeft(hold: NumberHoldView | null, now: number): number {
  return hold ? Math.max(0, Math.round((hold.expiresAt - now) / 1000)) : 0;
}

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

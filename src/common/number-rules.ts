// Fax numbers as the API answers them, and a hold's clock: what pages need of src/common/numbers.ts,
// without its zod schemas (decision 032).

/** A number stays its owner's this many days after their plan ended, then goes back to the pool. */
export const NUMBER_GRACE_DAYS = 3;

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

/** A hold's time left as a clock reads it: 14:05. */
export function holdClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds a hold has left at `now`; 0 once it has run out (or with no hold). */
export function holdSecondsLeft(hold: NumberHoldView | null, now: number): number {
  return hold ? Math.max(0, Math.round((hold.expiresAt - now) / 1000)) : 0;
}

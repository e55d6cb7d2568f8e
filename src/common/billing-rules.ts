// The zod-free part of the billing contract: what the pages carry. The schemas stay in ./billing.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

export type SubscriptionType = 'FREE' | 'TRIAL' | 'PAID';

/** Days a fax number stays its owner's after their plan ended, before it goes back to the pool (decision 017). */
export const NUMBER_GRACE_DAYS = 3;

/** A paying user (spec §4) has a plan on: a trial or a paid period. */
export function isPaying(type: SubscriptionType | null | undefined): type is 'TRIAL' | 'PAID' {
  return type === 'TRIAL' || type === 'PAID';
}

/** The Luhn checksum every card number carries (digits only). */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

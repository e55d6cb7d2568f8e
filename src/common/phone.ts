import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatNanpNumber, type NumberSearch, typedNumberDigits } from './phone-text';

// Phone numbers are stored E.164 (+12125550123). A US number shows as (212) 555-0123 (spec §5);
// other countries in their international format. This module carries libphonenumber-js: the
// browser loads it only where a person types a number (src/lib/phone-parser.ts); what a page shows
// without one is in ./phone-text.ts.

export type { NumberSearch } from './phone-text';

/** The E.164 form of a number typed by a user (US assumed without a country code), or null. */
export function toE164(input: string, defaultCountry: 'US' = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export function formatPhoneForDisplay(e164: string): string {
  return formatNanpNumber(e164) ?? parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * A number as a person types it in a history search: a whole number in any form ((212) 555-0123,
 * 212.555.0123, +1 212 555 0123) is its E.164 and matches exactly; anything shorter (5550123,
 * "(212) 555") is its digits and matches any stored number that holds them. Null for text that is
 * not a phone number at all (letters, no digit).
 */
export function toNumberSearch(input: string): NumberSearch | null {
  const digits = typedNumberDigits(input);
  if (digits === null) return null;
  const e164 = toE164(input.trim());
  return e164 ? { kind: 'exact', e164 } : { kind: 'digits', digits };
}

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
 * 212.555.0123, +1 212 555 0123, 0044 20 7946 0958) is its E.164 and matches exactly; anything
 * shorter (5550123, "(212) 555") is its digits and matches any stored number that holds them. A
 * whole number dialled inside its own country (020 7946 0958 in London) drops the leading 0 no
 * E.164 number holds, so it finds +44 20 7946 0958. Null for text that is not a phone number at
 * all (letters, no digit).
 */
export function toNumberSearch(input: string): NumberSearch | null {
  const digits = typedNumberDigits(input);
  if (digits === null) return null;
  const e164 = toE164(input.trim()) ?? (digits.startsWith('00') ? toE164(`+${digits.slice(2)}`) : null);
  if (e164) return { kind: 'exact', e164 };
  return { kind: 'digits', digits: isDialledAtHome(digits) ? digits.slice(1) : digits };
}

/** A national number dialled with its leading 0 has at least this many digits (UK, France, Germany: 10 or 11). */
const NATIONAL_DIGITS_MIN = 9;

/** Long enough to be a whole national number, after the one 0 many countries dial first. */
function isDialledAtHome(digits: string): boolean {
  return digits.length >= NATIONAL_DIGITS_MIN && digits.startsWith('0') && !digits.startsWith('00');
}

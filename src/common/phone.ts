import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Phone numbers are stored E.164 (+12125550123). A US number shows as (212) 555-0123 (spec §5);
// other countries in their international format.

/** The E.164 form of a number typed by a user (US assumed without a country code), or null. */
export function toE164(input: string, defaultCountry: 'US' = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export function formatPhoneForDisplay(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}`;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** What a typed number searches for: one stored number exactly, or faxes whose number holds these digits. */
export type NumberSearch = { kind: 'exact'; e164: string } | { kind: 'digits'; digits: string };

/** Characters a person types in a phone number besides digits: + ( ) - . / and spaces. */
const PHONE_TEXT = /^[\d\s+().\-/]+$/;

/**
 * A number as a person types it in a history search: a whole number in any form ((212) 555-0123,
 * 212.555.0123, +1 212 555 0123) is its E.164 and matches exactly; anything shorter (5550123,
 * "(212) 555") is its digits and matches any stored number that holds them. Null for text that is
 * not a phone number at all (letters, no digit).
 */
export function toNumberSearch(input: string): NumberSearch | null {
  const text = input.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 0) return null;
  const e164 = toE164(text);
  return e164 ? { kind: 'exact', e164 } : { kind: 'digits', digits };
}

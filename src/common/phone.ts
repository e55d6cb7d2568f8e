import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatNanpNumber, type NumberSearch, typedNumberDigits } from './phone-text';

// Phone numbers are stored E.164 (+12125550123). A US number shows as (212) 555-0123 (spec §5);
// other countries in their international format. This module carries libphonenumber-js: the
// browser loads it only where a person types a number (src/lib/phone-parser.ts); what a page shows
// without one is in ./phone-text.ts.

export type { NumberSearch } from './phone-text';

/** Why typed text is not a number a fax machine can dial: no number at all, or one with an extension. */
export type PhoneProblem = 'INVALID' | 'EXTENSION';

export type PhoneReading = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

// An extension written after the number: "ext. 12", "extension 12", "x12", "#12", ";ext=12" (RFC 3966).
const EXTENSION = /(?:;\s*ext\s*=|\bext\.?|\bextension|\bx|#)\s*\d{1,7}\s*$/i;

/**
 * `00` is how most of the world dials abroad (the US dials `011`, which the phone library already
 * reads for the US): a number that starts with it, whatever is written between the two zeros, is
 * read as if `+` stood in their place. No national number of the US starts with 0, so nothing
 * dialable at home is lost.
 */
function withPlusForDoubleZero(text: string): string {
  return text.replace(/^([^\d+]*)0[^\d+]*0/, '$1+');
}

/**
 * A number as people write it, the one rule for every place a person types one (contacts, their
 * import, history search, sending): national ((212) 555-0123, US assumed), with `+`, `00` or `011`
 * before the country code, with spaces, dots, dashes, slashes or brackets between the digits. A
 * number followed by an extension is refused as such: a fax machine cannot dial one.
 */
export function readPhoneNumber(input: string, defaultCountry: 'US' = 'US'): PhoneReading {
  const text = withPlusForDoubleZero(input.trim());
  const extension = EXTENSION.exec(text);
  if (extension && extension.index > 0) {
    const number = parsePhoneNumberFromString(text.slice(0, extension.index), defaultCountry);
    if (number?.isValid()) return { ok: false, problem: 'EXTENSION' };
  }
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  if (!parsed?.isValid()) return { ok: false, problem: 'INVALID' };
  return parsed.ext ? { ok: false, problem: 'EXTENSION' } : { ok: true, e164: parsed.number };
}

/** The E.164 form of a number typed by a user (readPhoneNumber's rule), or null. */
export function toE164(input: string, defaultCountry: 'US' = 'US'): string | null {
  const reading = readPhoneNumber(input, defaultCountry);
  return reading.ok ? reading.e164 : null;
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
  const e164 = toE164(input);
  if (e164) return { kind: 'exact', e164 };
  return { kind: 'digits', digits: isDialledAtHome(digits) ? digits.slice(1) : digits };
}

/** A national number dialled with its leading 0 has at least this many digits (UK, France, Germany: 10 or 11). */
const NATIONAL_DIGITS_MIN = 9;

/** Long enough to be a whole national number, after the one 0 many countries dial first. */
function isDialledAtHome(digits: string): boolean {
  return digits.length >= NATIONAL_DIGITS_MIN && digits.startsWith('0') && !digits.startsWith('00');
}

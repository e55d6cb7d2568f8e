// Phone numbers as a page shows and reads them without the phone library: libphonenumber-js (about
// 29 KB of gzip, brought by ./phone.ts) is loaded by the browser only where a person types a number
// (src/lib/phone-parser.ts, docs/decisions/032). The server formats and checks with the full one.

/** A North American number (+1 and ten digits) as people there write it, (212) 555-0123; null for any other. */
export function formatNanpNumber(e164: string): string | null {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : null;
}

/**
 * One of the product's own fax numbers (stored E.164) for display. They are all North American
 * (the pools and Telnyx orders are US numbers, decision 016), so (212) 555-0123; anything else as stored.
 */
export function formatOwnNumber(e164: string): string {
  return formatNanpNumber(e164) ?? e164;
}

/** What a typed number searches for: one stored number exactly, or faxes whose number holds these digits. */
export type NumberSearch = { kind: 'exact'; e164: string } | { kind: 'digits'; digits: string };

/** Characters a person types in a phone number besides digits: + ( ) - . / and spaces. */
const PHONE_TEXT = /^[\d\s+().\-/]+$/;

/** The digits of text typed as a phone number, or null for text that is none (letters, no digit at all). */
export function typedNumberDigits(input: string): string | null {
  const text = input.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

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

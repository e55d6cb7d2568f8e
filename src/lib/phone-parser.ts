import { atom } from 'nanostores';
import type * as Phone from '../common/phone';
import { type NumberSearch, typedNumberDigits } from '../common/phone-text';

// The phone library (libphonenumber-js through src/common/phone.ts, about 29 KB of gzip) is loaded
// where a person types a number, the first time there is one to read, never with the page
// (docs/decisions/032). Until it is here the fields stay usable; the server checks every number anyway.

export type PhoneParser = Pick<typeof Phone, 'toE164' | 'formatPhoneForDisplay' | 'toNumberSearch'>;

/** The parser once loaded, null until then: stores that read typed numbers follow it. */
export const $phoneParser = atom<PhoneParser | null>(null);

let loading: Promise<PhoneParser> | null = null;

/** Loads the parser (once; again after a failed load, e.g. offline). Call it on focus or input. */
export function loadPhoneParser(): Promise<PhoneParser> {
  loading ??= import('../common/phone').then(
    (parser) => {
      $phoneParser.set(parser);
      return parser;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Starts loading the parser and forgets the outcome (a failed load is tried again next time). */
export function preloadPhoneParser(): void {
  loadPhoneParser().catch(() => undefined);
}

/**
 * What typed text searches for: exactly as the server reads it once the parser is here; before,
 * its digits (a looser match of a pushed fax, which the server's own answer to the search corrects).
 */
export function numberSearchNow(typed: string): NumberSearch | null {
  const parser = $phoneParser.get();
  if (parser) return parser.toNumberSearch(typed);
  const digits = typedNumberDigits(typed);
  return digits === null ? null : { kind: 'digits', digits };
}

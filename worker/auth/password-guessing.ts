import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { t } from '../../src/i18n/t';

// How quickly a password falls to someone guessing (zxcvbn-ts, MIT): the breached passwords, keyboard
// patterns, dates and repeats, and the words of the person's own account (the product's name, the
// e-mail's name and domain), so neither "Password1!" nor "faxflow123" passes (tests/integration/signup.test.ts).

/** zxcvbn's score out of 4: 3 is "safely unguessable" (more than 10^8 guesses) for an online attack. */
export const MIN_PASSWORD_SCORE = 3;

/** Why a guessable password is guessable: built from the account's own words, near a common one, or just weak. */
export type Guessable = 'OWN_WORDS' | 'COMMON' | 'WEAK';

let estimator: ZxcvbnFactory | null = null;

// Built on first use, once per isolate (tens of milliseconds); the diceware list adds time and
// nothing a breached password is made of.
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { 'passwords-common': dictionary['passwords-common'] }, graphs: adjacencyGraphs });
  return estimator;
}

/** The words of an account a guesser tries first: the product's name, the e-mail's name and domain, and their parts. */
export function accountWords(email: string): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const parts = [...local.split(/[._+-]+/), ...domain.split('.').slice(0, -1)];
  return [...new Set([t('app.name'), local, domain, ...parts].filter((word) => word.length >= 3))];
}

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

/** Null when the password takes long enough to guess, else why it does not. */
export function guessablePassword(password: string, email: string): Guessable | null {
  const result = passwordEstimator().check(password, accountWords(email));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  if (result.feedback.warning === 'userInputs') return 'OWN_WORDS';
  return COMMON_WARNINGS.has(result.feedback.warning ?? '') ? 'COMMON' : 'WEAK';
}

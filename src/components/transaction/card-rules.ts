import type { CardInput } from '../../common/billing';
import { isLuhnValid } from '../../common/billing-rules';

// The card form's rules, kept pure so the page and its checks agree: the number is shown in groups
// of four as typed, the expiry as MM/YY, and each field says what is wrong with it before the card
// ever reaches the server (which checks it all again).

export interface CardDraft {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type CardField = keyof CardDraft;
export type CardProblem = 'nameRequired' | 'numberInvalid' | 'expiryInvalid' | 'expiryPast' | 'cvcInvalid' | 'postalCodeInvalid';
export type CardProblems = Partial<Record<CardField, CardProblem>>;

export const EMPTY_CARD: CardDraft = { name: '', number: '', expiry: '', cvc: '', postalCode: '' };

function digitsOf(text: string, max: number): string {
  return text.replace(/\D/g, '').slice(0, max);
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(typed: string): string {
  return digitsOf(typed, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; a lone first digit above 1 is a month: "4" → "04", and the next digit "042" → "04/2". */
export function formatExpiry(typed: string): string {
  let digits = digitsOf(typed, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  // Deleting the slash must be possible: "12/" backspaced to "12" stays "12".
  if (digits.length === 2 && !typed.includes('/')) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

export function checkCardField(field: CardField, draft: CardDraft, now: Date): CardProblem | null {
  switch (field) {
    case 'name':
      return draft.name.trim() === '' ? 'nameRequired' : null;
    case 'number': {
      const digits = digitsOf(draft.number, 19);
      return digits.length >= 12 && isLuhnValid(digits) ? null : 'numberInvalid';
    }
    case 'expiry': {
      const parsed = parseExpiry(draft.expiry);
      if (!parsed) return 'expiryInvalid';
      const past = parsed.expYear < now.getFullYear() || (parsed.expYear === now.getFullYear() && parsed.expMonth < now.getMonth() + 1);
      return past ? 'expiryPast' : null;
    }
    case 'cvc':
      return /^\d{3,4}$/.test(draft.cvc) ? null : 'cvcInvalid';
    case 'postalCode':
      return draft.postalCode.trim().length > 12 ? 'postalCodeInvalid' : null;
  }
}

export function checkCard(draft: CardDraft, now: Date): CardProblems {
  const problems: CardProblems = {};
  for (const field of Object.keys(EMPTY_CARD) as CardField[]) {
    const problem = checkCardField(field, draft, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The card as the checkout takes it; only called once checkCard found nothing. */
export function toCardInput(draft: CardDraft): CardInput {
  const expiry = parseExpiry(draft.expiry) ?? { expMonth: 0, expYear: 0 };
  const postalCode = draft.postalCode.trim();
  return {
    name: draft.name.trim(),
    number: formatCardNumber(draft.number),
    cvc: draft.cvc,
    ...expiry,
    ...(postalCode ? { postalCode } : {}),
  };
}

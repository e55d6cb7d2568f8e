import { type CardInput, isLuhnValid } from '../../src/common/billing';
import type { CardSummary, PaymentOutcome, PaymentProcessor, PaymentRequest, PaymentSource } from './types';

// The `local` processor: behaves like a card processor, deterministically by card number, so
// development and tests can walk every path (README "Test cards"). Nothing leaves the Worker.
// Saved payment methods are `pm_local_<last4>` and keep the behaviour of their card.

const LAST4_DECLINED = '0002';
const LAST4_EXPIRED = '0069';
const LAST4_CHALLENGE = '3184';
const LAST4_DECLINES_CHARGES = '0341';

export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card whose expiry month is over at `now` (a card is valid through its expiry month). */
export function isCardExpired(card: Pick<CardInput, 'expMonth' | 'expYear'>, now: number): boolean {
  const firstDayAfter = Date.UTC(card.expYear, card.expMonth, 1);
  return now >= firstDayAfter;
}

function digitsOf(card: CardInput): string {
  return card.number.replace(/\s/g, '');
}

function last4Of(source: PaymentSource): string {
  return 'card' in source ? digitsOf(source.card).slice(-4) : source.paymentMethod.slice(-4);
}

function randomRef(prefix: string): string {
  return `${prefix}_local_${crypto.randomUUID().replace(/-/g, '')}`;
}

/** What the card does when charged (`charge`) or held/checked (`authorize`). */
function outcomeFor(source: PaymentSource, kind: 'charge' | 'authorize', now: number): PaymentOutcome {
  const last4 = last4Of(source);
  const paymentMethod = `pm_local_${last4}`;
  if ('card' in source && isCardExpired(source.card, now)) return { status: 'declined', code: 'CARD_EXPIRED' };
  if (last4 === LAST4_EXPIRED) return { status: 'declined', code: 'CARD_EXPIRED' };
  if (last4 === LAST4_DECLINED) return { status: 'declined', code: 'PAYMENT_DECLINED' };
  if (last4 === LAST4_DECLINES_CHARGES && kind === 'charge') return { status: 'declined', code: 'PAYMENT_DECLINED' };
  // A saved method has passed its challenge already: later charges go through (as off-session ones).
  if (last4 === LAST4_CHALLENGE && 'card' in source) return { status: 'requires_action', ref: `act_local_${last4}_${crypto.randomUUID()}` };
  return { status: 'succeeded', ref: randomRef(kind === 'charge' ? 'ch' : 'auth'), paymentMethod };
}

export function createLocalProcessor(now: () => number = Date.now): PaymentProcessor {
  return {
    name: 'local',
    describeCard(card: CardInput): CardSummary | null {
      const digits = digitsOf(card);
      if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) return null;
      return { brand: cardBrandOf(digits), last4: digits.slice(-4) };
    },
    async charge(source: PaymentSource, _request: PaymentRequest): Promise<PaymentOutcome> {
      return outcomeFor(source, 'charge', now());
    },
    async authorize(source: PaymentSource, _request: PaymentRequest): Promise<PaymentOutcome> {
      return outcomeFor(source, 'authorize', now());
    },
    async release(ref: string): Promise<PaymentOutcome> {
      return { status: 'succeeded', ref, paymentMethod: '' };
    },
    async confirmAction(ref: string, approve: boolean): Promise<PaymentOutcome> {
      const match = /^act_local_(\d{4})_/.exec(ref);
      if (!match) return { status: 'declined', code: 'AUTHENTICATION_FAILED' };
      if (!approve) return { status: 'declined', code: 'AUTHENTICATION_FAILED' };
      return { status: 'succeeded', ref: randomRef('ch'), paymentMethod: `pm_local_${match[1]}` };
    },
  };
}

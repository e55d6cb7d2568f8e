import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { atom } from 'nanostores';

// Stripe Elements on /transaction when the server's processor is Stripe (docs/decisions/017). The
// card is typed into Stripe's own frame; we get a payment method id to send to POST /api/checkout,
// and Stripe.js runs the bank's challenge when the checkout asks for one. Stripe.js is loaded from
// js.stripe.com only here and only then (never with the local processor); when it cannot load
// (offline, blocked) the form says so and offers to try again, never showing a dead form.

export type StripeCardState =
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** Stripe.js or its card frame did not load. */
  | { kind: 'unavailable' };

export const $stripeCard = atom<StripeCardState>({ kind: 'loading' });
/** What Stripe says is wrong with the card as typed (its own words), or null. */
export const $stripeCardProblem = atom<string | null>(null);

/** A script that has not answered by then is as good as blocked. */
const LOAD_TIMEOUT_MS = 15_000;

let stripe: Stripe | null = null;
let card: StripeCardElement | null = null;

async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  // The pure entry adds the script only when asked, so nothing of Stripe's loads until this runs.
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Stripe.js timed out')), LOAD_TIMEOUT_MS));
  const loaded = await Promise.race([loadStripe(publishableKey), timeout]);
  if (!loaded) throw new Error('Stripe.js is not available');
  return loaded;
}

/**
 * Loads Stripe.js (again, after a failure) and mounts the card frame into `container`; answers
 * the cleanup that unmounts it.
 */
export function mountStripeCard(publishableKey: string, container: HTMLElement): () => void {
  let active = true;
  $stripeCard.set({ kind: 'loading' });
  $stripeCardProblem.set(null);
  void (async () => {
    try {
      stripe ??= await loadStripeJs(publishableKey);
    } catch {
      if (active) $stripeCard.set({ kind: 'unavailable' });
      return;
    }
    if (!active) return;
    const element = stripe.elements().create('card', { hidePostalCode: false });
    element.on('ready', () => active && $stripeCard.set({ kind: 'ready' }));
    element.on('loaderror', () => active && $stripeCard.set({ kind: 'unavailable' }));
    element.on('change', (event) => $stripeCardProblem.set(event.error?.message ?? null));
    element.mount(container);
    card = element;
  })();
  return () => {
    active = false;
    card?.destroy();
    card = null;
  };
}

export type PaymentMethodResult = { ok: true; paymentMethodId: string } | { ok: false; message: string };

/** Hands the typed card to Stripe; answers its payment method id, or Stripe's reason in words. */
export async function createStripePaymentMethod(name: string): Promise<PaymentMethodResult> {
  if (!stripe || !card) return { ok: false, message: '' };
  const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } });
  if (result.error || !result.paymentMethod) {
    const message = result.error?.message ?? '';
    $stripeCardProblem.set(message || null);
    return { ok: false, message };
  }
  return { ok: true, paymentMethodId: result.paymentMethod.id };
}

/** Runs the bank's challenge in Stripe's window; true when Stripe says it was passed. */
export async function runStripeChallenge(clientSecret: string): Promise<boolean> {
  if (!stripe) return false;
  const result = await stripe.handleNextAction({ clientSecret });
  return !result.error;
}

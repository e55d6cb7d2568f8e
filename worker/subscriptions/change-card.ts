import type { CardInput } from '../../src/common/billing';
import { cardBrandName, isPaying } from '../../src/common/billing';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { replaceCheckoutCard } from '../db/queries/billing';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { publishToUser } from '../live/publish';
import { processorOfPlan } from '../payments';
import { checkPayment } from './first-payment';
import { retryFailedRenewal } from './lifecycle';
import { transactionRow } from './records';
import { readSubscriptionStatus, type SubscriptionAnswer } from './status';

// Settings › Plan and billing › Change card (docs/decisions/017). The new card is checked the way
// a trial's card is (an authorisation of nothing), kept for later charges, and a renewal that
// failed on the old card is charged to it at once, so a user who fixes their card keeps their
// plan and number without waiting for the next daily retry. Plans Stripe runs keep their card at
// Stripe: its customer portal is where that card changes.

export async function changeCard(env: Env, user: UserRow, card: CardInput): Promise<SubscriptionAnswer & { retried: boolean }> {
  if (!isPaying(user.subscriptionType) || !user.subscriptionId || user.merchantType !== 'local') throw new ApiError(409, 'NOT_SUBSCRIBED');
  const processor = processorOfPlan(env, 'local');
  const summary = checkPayment(processor, { card })!;
  const now = Date.now();
  const outcome = await processor.authorize(
    { card },
    { amountCents: 0, description: t('billing.records.cardCheck'), idempotencyKey: `${user.subscriptionId}:card:${now}` },
  );
  // A change of card happens while the user is here, but the bank's challenge belongs to a
  // payment; a card that insists on one is refused rather than left half-saved.
  if (outcome.status === 'requires_action') throw new ApiError(402, 'AUTHENTICATION_FAILED');
  if (outcome.status === 'declined') throw new ApiError(402, outcome.code);
  const ctx = { userId: user.id, checkoutId: user.subscriptionId, now };
  const check = transactionRow(
    ctx,
    'card_change',
    'succeeded',
    0,
    t('billing.records.cardChanged', { brand: cardBrandName(summary.brand), last4: summary.last4 }),
    outcome.ref,
  );
  await replaceCheckoutCard(getDb(env), {
    checkoutId: user.subscriptionId,
    paymentMethod: outcome.paymentMethod,
    card: summary,
    check,
    now,
  });
  const retried = await retryFailedRenewal(env, user.id, now);
  if (!retried) await publishToUser(env, user.id, { type: 'subscription.updated', at: now });
  return { ...(await readSubscriptionStatus(env, user.id)), retried };
}

import { isPaying } from '../../src/common/billing-rules';
import { t } from '../../src/i18n/t';
import { numberInventory } from '../carrier';
import { type Db, getDb } from '../db/client';
import { findCheckoutById, findFailedChargesSince, hasClaim, insertTransaction } from '../db/queries/billing';
import { findNumberOwnedBy } from '../db/queries/numbers';
import { readPlanOptions } from '../db/queries/options';
import { REMINDER_SCOPE } from '../db/queries/subscription-status';
import { endPlan, listUsersWithDueBilling, recordRenewal } from '../db/queries/subscriptions';
import { findUserById } from '../db/queries/users';
import type { FaxNumberRow, UserRow } from '../db/schema';
import {
  type DueAction,
  dueAction,
  type LifecycleState,
  NUMBER_GRACE_MS,
  periodEnd,
  priceOf,
  REMINDER_LEAD_MS,
  renewalGrant,
} from '../domain/subscriptions';
import { publishPlanChange } from '../live/plan-change';
import { publishToUser } from '../live/publish';
import { paymentFailedMail, renewalReminderMail } from '../mail/billing-mail';
import { sendMail } from '../mail/send';
import { processorOfPlan } from '../payments';
import { ProcessorUnavailableError } from '../payments/types';
import { stopAtProcessor } from './cancel';
import { runClaimed } from './claimed';
import { chargeRecords, planName, transactionRow } from './records';

// What is due for a user at a moment (trial end, renewal, cancellation, a failed renewal's grace,
// the number after the plan ended, the reminder), applied by checkSubscriptionStatus for the
// caller and by the cron for everyone. Each step is conditional on what it was computed from,
// and each charge attempt is claimed once, so concurrent runs never charge twice. A plan Stripe
// runs is never charged here (dueAction: renewsItself); its renewals arrive by webhook.

const RENEWAL_SCOPE = 'billing-renewal';
const MAX_STEPS = 30;

/** The rows besides the user's own that what is due depends on, and that the plan's status shows. */
export interface LifecycleRows {
  failures: { count: number; lastAt: number | null };
  owned: FaxNumberRow | null;
  reminded: boolean;
}

/** The charges that failed in the user's current paid period (none outside one). */
export function readFailedCharges(db: Db, user: UserRow): Promise<LifecycleRows['failures']> {
  const end = user.currentPeriodEnd;
  return isPaying(user.subscriptionType) && end !== null
    ? findFailedChargesSince(db, user.id, end)
    : Promise.resolve({ count: 0, lastAt: null });
}

async function readLifecycleRows(db: Db, user: UserRow): Promise<LifecycleRows> {
  const end = user.currentPeriodEnd;
  const [failures, owned, reminded] = await Promise.all([
    readFailedCharges(db, user),
    findNumberOwnedBy(db, user.id),
    isPaying(user.subscriptionType) && end !== null ? hasClaim(db, REMINDER_SCOPE, `${user.subscriptionId}:${end}`) : false,
  ]);
  return { failures, owned, reminded };
}

function lifecycleStateOf(user: UserRow, rows: LifecycleRows): LifecycleState {
  const type = user.subscriptionType ?? 'FREE';
  return {
    type,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    currentPeriodEnd: user.currentPeriodEnd,
    failedAttempts: rows.failures.count,
    lastFailedAt: rows.failures.lastAt,
    ownsNumber: type === 'FREE' ? rows.owned !== null : true,
    reminded: rows.reminded,
    renewsItself: user.merchantType === 'stripe',
  };
}

async function readLifecycleState(db: Db, user: UserRow): Promise<LifecycleState> {
  return lifecycleStateOf(user, await readLifecycleRows(db, user));
}

/** The user as they stand once nothing more is due, with the rows that showed it. */
export interface SettledBilling {
  changed: boolean;
  user: UserRow;
  rows: LifecycleRows;
}

/**
 * Applies every step due for `user` (a row just read, e.g. with the session) now. Each row is
 * read once while nothing is due, and read again only after a step changed it; the answer carries
 * the last reading, so the caller can show the plan without reading it again (tests/integration/row-reads.test.ts).
 * `read`: the rows as already read with the user (in the session's batch), so nothing is read while nothing is due.
 */
export async function settleBilling(
  env: Env,
  user: UserRow,
  now = Date.now(),
  read: LifecycleRows | null = null,
): Promise<SettledBilling | null> {
  const db = getDb(env);
  let changed = false;
  let current: UserRow | null = user;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    if (step > 0) current = await findUserById(db, user.id);
    if (!current) return null;
    const rows = step === 0 && read ? read : await readLifecycleRows(db, current);
    const state = lifecycleStateOf(current, rows);
    const action = dueAction(state, now);
    if (action.kind === 'none') return { changed, user: current, rows };
    let progressed = false;
    if (action.kind === 'renew') progressed = await renew(env, current, state, now);
    if (action.kind === 'end') progressed = await endDuePlan(env, current, state, action);
    if (action.kind === 'release-number') progressed = await releaseNumber(env, user.id);
    if (action.kind === 'remind') progressed = await remind(env, current, now);
    if (action.kind === 'end' && progressed) await publishPlanChange(env, user.id, { changed: false, row: null });
    if (!progressed) return { changed, user: current, rows };
    changed = true;
  }
  const last = await findUserById(db, user.id);
  return last ? { changed, user: last, rows: await readLifecycleRows(db, last) } : null;
}

/** Applies every step due for the user now; answers whether anything changed. */
export async function applyDueBilling(env: Env, userId: string, now = Date.now()): Promise<boolean> {
  const user = await findUserById(getDb(env), userId);
  if (!user) return false;
  return (await settleBilling(env, user, now))?.changed ?? false;
}

/**
 * The user just gave another card after a renewal failed: charge it now rather than at the next
 * daily retry. Answers whether a charge was tried (false when no failed renewal is waiting).
 */
export async function retryFailedRenewal(env: Env, userId: string, now = Date.now()): Promise<boolean> {
  const db = getDb(env);
  const user = await findUserById(db, userId);
  if (!user) return false;
  const state = await readLifecycleState(db, user);
  // What the lifecycle would do were the daily wait since the last failure over.
  if (state.failedAttempts === 0 || dueAction({ ...state, lastFailedAt: null }, now).kind !== 'renew') return false;
  return renew(env, user, state, now);
}

/**
 * Charges the next period (a trial's first); a refusal is recorded and retried daily in the grace.
 * The charge and its record are one claimed piece of work: should the record fail, the claim is
 * given back and the next run charges again under the same idempotency key, so the processor
 * charges once and the renewal is recorded once.
 */
async function renew(env: Env, user: UserRow, state: LifecycleState, now: number): Promise<boolean> {
  const db = getDb(env);
  const fromEnd = user.currentPeriodEnd!;
  const { planLevel: level, planTerm: term } = user;
  if (!level || !term || !user.subscriptionId) return false;
  const checkoutId = user.subscriptionId;
  let declined = false;
  let price = 0;
  const claimed = await runClaimed(db, RENEWAL_SCOPE, `${checkoutId}:${fromEnd}:${state.failedAttempts}`, now, async () => {
    const options = await readPlanOptions(db);
    price = priceOf(options, level, term);
    const checkout = await findCheckoutById(db, checkoutId);
    const outcome = checkout?.processorRef
      ? await processorOfPlan(env, user.merchantType ?? 'local').charge(
          { paymentMethod: checkout.processorRef },
          { amountCents: price, description: planName(level, term), idempotencyKey: `${checkoutId}:${fromEnd}` },
        )
      : ({ status: 'declined', code: 'PAYMENT_DECLINED' } as const);
    const ctx = { userId: user.id, checkoutId, now };
    if (outcome.status !== 'succeeded') {
      declined = true;
      const code = outcome.status === 'declined' ? outcome.code : 'AUTHENTICATION_FAILED';
      await insertTransaction(
        db,
        transactionRow(ctx, 'charge', 'failed', price, t('billing.records.renewalFailed', { plan: planName(level, term), code })),
      );
      return;
    }
    const end = periodEnd(fromEnd, term);
    const grant = renewalGrant(options, level, term);
    const records = chargeRecords(ctx, { level, term, amountCents: price, periodStart: fromEnd, periodEnd: end, grant }, outcome.ref);
    await recordRenewal(db, { userId: user.id, fromPeriodEnd: fromEnd, periodEnd: end, grant, ...records });
  });
  if (!claimed) return false;
  if (declined) {
    await publishToUser(env, user.id, { type: 'subscription.updated', at: now });
    await sendMail(env, paymentFailedMail(user.email, { plan: planName(level, term), amountCents: price, retries: 'daily' }));
  } else {
    await publishPlanChange(env, user.id, { changed: false, row: null });
  }
  return true;
}

/**
 * The plan is over here. One the processor runs and still charges (unpaid after the grace) is
 * cancelled there first, so it cannot be charged for a plan the user no longer has; while the
 * processor is down nothing changes and the next run tries again.
 */
async function endDuePlan(env: Env, user: UserRow, state: LifecycleState, action: Extract<DueAction, { kind: 'end' }>): Promise<boolean> {
  if (state.renewsItself && action.reason === 'unpaid') {
    try {
      await stopAtProcessor(env, user, 'now');
    } catch (error) {
      if (!(error instanceof ProcessorUnavailableError)) throw error;
      console.warn(`Ending the unpaid plan of user ${user.id} waits: the payment processor could not be reached`, error);
      return false;
    }
  }
  return endPlan(getDb(env), user.id, user.currentPeriodEnd!, action.endedAt);
}

/** The plan ended long enough ago: the number goes back (to the pool, or to the carrier). */
async function releaseNumber(env: Env, userId: string): Promise<boolean> {
  const owned = await findNumberOwnedBy(getDb(env), userId);
  if (!owned) return false;
  await numberInventory(env).releaseNumber(owned.number);
  await publishToUser(env, userId, { type: 'number.updated', at: Date.now(), number: null });
  return true;
}

/** One reminder per period, a few days before the charge. */
async function remind(env: Env, user: UserRow, now: number): Promise<boolean> {
  const db = getDb(env);
  const end = user.currentPeriodEnd!;
  // The mail is the work: one that could not be sent is sent by the next run.
  return runClaimed(db, REMINDER_SCOPE, `${user.subscriptionId}:${end}`, now, async () => {
    const options = await readPlanOptions(db);
    const price = user.planLevel && user.planTerm ? priceOf(options, user.planLevel, user.planTerm) : 0;
    const plan = user.planLevel && user.planTerm ? planName(user.planLevel, user.planTerm) : null;
    await sendMail(env, renewalReminderMail(user.email, { plan, renewsAt: end, amountCents: price }));
  });
}

const SCHEDULED_PAGE = 200;

/** The cron (every 15 minutes): applies what is due for every user who may have something due. */
export async function runScheduledBilling(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env);
  let afterId = '';
  let seen = 0;
  for (;;) {
    const userIds = await listUsersWithDueBilling(db, now, REMINDER_LEAD_MS, NUMBER_GRACE_MS, { afterId, limit: SCHEDULED_PAGE });
    for (const userId of userIds) {
      try {
        await applyDueBilling(env, userId, now);
      } catch (error) {
        console.error(`Billing step for user ${userId} failed; the next run retries`, error);
      }
    }
    seen += userIds.length;
    if (userIds.length < SCHEDULED_PAGE) return seen;
    afterId = userIds[userIds.length - 1]!;
  }
}

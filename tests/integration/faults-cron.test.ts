import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { runCron } from '../../worker/jobs/cron';
import { checkout, disableTrials, setPeriodEnd, userPlanRow } from '../support/billing';
import { passwordAccount } from '../support/db';
import { type FaultPlan, withFaults } from '../support/faults';

// Faults in the cron (decision 029): D1 fails with its documented transient errors while a renewal is
// charged and recorded, or a reminder mailed. That run logs the failure; the next run (every 15
// minutes) finishes the work: the renewal is recorded once and the period moves on once, the
// reminder is mailed once. Nothing is skipped for good because a run was cut short.

const DAY = 86_400_000;

async function billingOf(userId: string) {
  const count = (sql: string) => env.DB.prepare(sql).bind(userId).first<number>('n');
  return {
    invoices: await count('SELECT count(*) AS n FROM invoices WHERE user_id = ?'),
    charges: await count("SELECT count(*) AS n FROM transactions WHERE user_id = ? AND kind = 'charge' AND status = 'succeeded'"),
    periodEnd: (await userPlanRow(userId))['current_period_end'] as number,
    type: (await userPlanRow(userId))['subscription_type'],
  };
}

async function remindersTo(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE "to" = ? AND subject LIKE \'%renew%\'')
    .bind(email)
    .first<number>('n'))!;
}

/** A paying user (BASIC, month) whose period ends at `end`. */
async function payingUser(end: number) {
  await disableTrials();
  const account = await passwordAccount();
  expect((await checkout(account.cookie)).status).toBe(200);
  await setPeriodEnd(account.userId, end);
  return account;
}

const RENEWAL_FAULTS: { name: string; plan: FaultPlan }[] = [
  { name: 'D1 lost finding who is due', plan: { d1: 1 } },
  { name: 'D1 lost recording the renewal after the charge', plan: { d1: 2, d1When: /insert into "invoices"/i } },
];

describe('the cron under D1 faults', () => {
  it.each(RENEWAL_FAULTS)('$name: the next run renews once', async ({ plan }) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const end = Date.now() - 1000;
    const { userId } = await payingUser(end);
    const before = await billingOf(userId);
    const faults = withFaults(plan);

    await runCron(faults.env);
    expect(faults.thrown.d1).toBeGreaterThan(0);
    expect(logged).toHaveBeenCalled();
    await runCron(env);
    await runCron(env);

    const after = await billingOf(userId);
    expect(after).toMatchObject({ type: 'PAID', invoices: before.invoices! + 1, charges: before.charges! + 1 });
    expect(after.periodEnd).toBeGreaterThan(end + 27 * DAY);
    expect(after.periodEnd).toBeLessThan(end + 32 * DAY);
  });

  it('D1 lost writing the reminder mail: the next run mails it, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { email } = await payingUser(Date.now() + 2 * DAY);
    const faults = withFaults({ d1: 1, d1When: /outbox/i });

    await runCron(faults.env);
    expect(faults.thrown.d1).toBe(1);
    await runCron(env);
    await runCron(env);
    expect(await remindersTo(email)).toBe(1);
  });
});

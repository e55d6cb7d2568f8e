import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { getDb } from '../../worker/db/client';
import { findNumberOwnedBy } from '../../worker/db/queries/numbers';
import { findUserById } from '../../worker/db/queries/users';
import { readPageFigures } from '../../worker/fax/page-figures';
import { userHolderKey } from '../../worker/numbers/holder';
import { loadPageData } from '../../worker/pages';
import { userHubStub } from '../../worker/user-store/stub';
import { CARDS, type CheckoutAnswer, checkout, holdANumber, setOption, subscriptionOf } from '../support/billing';
import { ORIGIN } from '../support/client';
import { passwordAccount } from '../support/db';
import { withFaults } from '../support/faults';
import { insertSendFax } from '../support/faxes';

// The small calls every page makes read each row they need once: checkSubscriptionStatus
// was the slowest of them because it read the user, their number and their failed charges twice
// or three times; a page's figures were four calls to the user's store reading the counters four times.

/** How many of `statements` read from `table` (D1 and the store both quote table names). */
function readsOf(statements: readonly string[], table: string): number {
  return statements.filter((sql) => /^\s*select/i.test(sql) && new RegExp(`(from|join)\\s+"${table}"`, 'i').test(sql)).length;
}

async function paidUserWithNumber(): Promise<{ cookie: string; userId: string }> {
  await setOption('trial', { length_in_days: 7, disabled: false });
  await setOption('preAuthType', 'verify');
  const account = await passwordAccount();
  await holdANumber(account.cookie);
  const answer = (await (await checkout(account.cookie, CARDS.succeeds, 'BASIC', 'MONTH')).json()) as CheckoutAnswer;
  expect(answer.subscription.type).toBe('TRIAL');
  return account;
}

describe('GET /api/checkSubscriptionStatus', () => {
  it('reads the session, the user, their number, failed charges and checkout once each, in one D1 round trip, and answers as before', async () => {
    const { cookie } = await paidUserWithNumber();
    const expected = await subscriptionOf(cookie);
    const recording = withFaults({});
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`${ORIGIN}/api/checkSubscriptionStatus`, { headers: { cookie, origin: ORIGIN } }),
      recording.env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { subscription: unknown }).subscription).toEqual(expected);
    for (const table of ['sessions', 'users', 'fax_numbers', 'checkouts', 'transactions', 'options']) {
      expect({ table, reads: readsOf(recording.ran, table) }).toEqual({ table, reads: 1 });
    }
    // The session check and every read of the route are one batch (decision 043).
    expect(recording.ran).toHaveLength(1);
  });
});

describe('the figures every signed-in page shows', () => {
  it('come from one call to the user’s store that reads the counters once', async () => {
    const { userId } = await passwordAccount();
    await insertSendFax(userId, { documentPages: 2 });
    const user = await findUserById(getDb(env), userId);
    const stub = userHubStub(env, userId);
    const statements: string[] = [];
    await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      const exec = sql.exec.bind(sql);
      Object.assign(sql, {
        exec: (query: string, ...binds: unknown[]) => {
          statements.push(query);
          return exec(query, ...binds);
        },
      });
    });
    const figures = await readPageFigures(env, user!, { recentFaxes: true, hasContacts: true });
    expect(figures.totals.counts.sent).toBe(1);
    expect(figures.recentFaxes?.recent).toHaveLength(1);
    expect(figures.credits.lifetimeSendCount).toBe(figures.totals.lifetimeSendCount);
    expect(readsOf(statements, 'fax_counters')).toBe(1);
  });
});

describe('the data a page is rendered with', () => {
  it('reads neither the user nor their number again: the session and the page context did', async () => {
    const { userId } = await paidUserWithNumber();
    const user = await findUserById(getDb(env), userId);
    const ownedNumber = findNumberOwnedBy(getDb(env), userId);
    expect(await ownedNumber).not.toBeNull();
    for (const path of ['/settings?section=billing', '/dashboard', '/upgrade']) {
      const recording = withFaults({});
      const holderKey = async () => userHolderKey(userId);
      const data = await loadPageData({ env: recording.env, url: new URL(path, ORIGIN), user, ownedNumber, holderKey });
      expect(data && 'subscription' in data ? data.subscription?.faxNumber : null, path).not.toBeNull();
      expect({ path, users: readsOf(recording.ran, 'users'), numbers: readsOf(recording.ran, 'fax_numbers') }).toEqual({
        path,
        users: 0,
        numbers: 0,
      });
    }
  });
});

import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { openSetupStep } from '../../src/common/onboarding';
import type { RecentFaxes } from '../../src/common/recent-faxes';
import { getDb } from '../../worker/db/client';
import { findNumberOwnedBy } from '../../worker/db/queries/numbers';
import { findUserById } from '../../worker/db/queries/users';
import { needsSetup } from '../../worker/domain/account';
import { type PageFiguresWanted, readPageFigures } from '../../worker/fax/page-figures';
import { dashboardChecklist, pageFiguresWanted } from '../../worker/pages/dashboard-setup';
import { userHubStub } from '../../worker/user-store/stub';
import { toAccountDetails } from '../../worker/views/account';
import { pageGet, setupNewUser } from '../support/account';
import { call } from '../support/client';
import { addContactOk } from '../support/contacts';
import { insertSessionCookie, insertUser } from '../support/db';
import { historyFax, seedHistory } from '../support/fax-history';
import { assignNumberTo, insertSendFax } from '../support/faxes';

// The dashboard (decision 036): its setup checklist is ticked by facts the server holds
// whatever route made them (a number from checkout, a fax sent, a contact added), costs one read
// of the phonebook and only while it may show; its lists (GET /api/recentFaxes and the page) are
// the newest unread faxes and the newest faxes, those on their way first.

/** A new account, its address not confirmed yet, with its first-run path open (as sign-up leaves it). */
async function newAccount(): Promise<{ userId: string; cookie: string }> {
  const user = await insertUser({ verified: false });
  const cookie = await insertSessionCookie(user.id);
  expect((await setupNewUser(cookie, {})).status).toBe(200);
  return { userId: user.id, cookie };
}

/** The checklist as the page context builds it for /dashboard (worker/index.ts). */
async function checklistOf(userId: string) {
  const db = getDb(env);
  const user = (await findUserById(db, userId))!;
  const openStep = openSetupStep(user.setup, needsSetup(user));
  const owned = await findNumberOwnedBy(db, userId);
  const figures = await readPageFigures(env, user, pageFiguresWanted('/dashboard', openStep));
  return dashboardChecklist(openStep, owned, figures, toAccountDetails(user, figures.credits));
}

function doneOf(checklist: Awaited<ReturnType<typeof checklistOf>>): Record<string, boolean> | null {
  return checklist && Object.fromEntries(checklist.map((one) => [one.task, one.done]));
}

describe('the setup checklist', () => {
  it('shows a new account every task open, confirming the address included', async () => {
    const { userId } = await newAccount();
    expect(doneOf(await checklistOf(userId))).toEqual({ number: false, send: false, contact: false, email: false });
  });

  it('ticks each task done by any route, and is gone once every one is', async () => {
    const { userId, cookie } = await newAccount();
    // A number assigned outside the first-run path, as checkout does.
    await assignNumberTo(userId);
    expect(doneOf(await checklistOf(userId))).toEqual({ number: true, send: false, contact: false, email: false });
    // A fax sent straight into the store, as by e-mail or /send.
    await insertSendFax(userId);
    await addContactOk(cookie, { name: 'Grace Hopper', faxNumber: '(312) 555-0190' });
    expect(doneOf(await checklistOf(userId))).toEqual({ number: true, send: true, contact: true, email: false });
    // A confirmed address is no task at all; with the rest done there is no checklist.
    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), userId).run();
    expect(await checklistOf(userId)).toBeNull();
  });

  it('is gone for a user who skipped the first-run path, and nothing is read for it', async () => {
    const { userId, cookie } = await newAccount();
    expect((await pageGet('/api/updateUserSetup?setup=skipped', cookie)).status).toBe(200);
    expect(await checklistOf(userId)).toBeNull();
    const user = (await findUserById(getDb(env), userId))!;
    expect(pageFiguresWanted('/dashboard', openSetupStep(user.setup, needsSetup(user)))).toEqual({ recentFaxes: true, hasContacts: false });
  });

  it('asks nothing of any other page', () => {
    for (const path of ['/inbox', '/sent', '/send', '/settings']) {
      expect(pageFiguresWanted(path, 'welcome')).toEqual({ recentFaxes: false, hasContacts: false });
    }
  });
});

/** The statements the user's store runs for one read of the page's figures. */
async function statementsOf(userId: string, wanted: PageFiguresWanted): Promise<string[]> {
  const user = (await findUserById(getDb(env), userId))!;
  const stub = userHubStub(env, userId);
  await stub.faxTotals(userId);
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
  await readPageFigures(env, user, wanted);
  // A copy: this recorder stays on the store and goes on recording the next reads.
  return [...statements];
}

function contactReads(statements: string[]): number {
  return statements.filter((sql) => /^\s*select/i.test(sql) && /from\s+"contacts"/i.test(sql)).length;
}

describe('what the checklist costs', () => {
  it('one read of the phonebook, in the page’s one call to the store, only while it may show', async () => {
    const { userId, cookie } = await newAccount();
    await insertSendFax(userId, { toNumber: '+13125550190' });
    await addContactOk(cookie, { name: 'Grace Hopper', faxNumber: '(312) 555-0190' });
    const without = await statementsOf(userId, { recentFaxes: true, hasContacts: false });
    const withChecklist = await statementsOf(userId, { recentFaxes: true, hasContacts: true });
    expect(withChecklist.length - without.length).toBe(1);
    expect(contactReads(withChecklist) - contactReads(without)).toBe(1);
    // Another page reads neither the lists nor the phonebook.
    expect(contactReads(await statementsOf(userId, { recentFaxes: false, hasContacts: false }))).toBe(0);
  });
});

async function recentFaxesOf(cookie: string): Promise<RecentFaxes> {
  const response = await call('/api/recentFaxes', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as RecentFaxes;
}

const ids = (faxes: ReadonlyArray<Pick<FaxView, 'id'>>): string[] => faxes.map((fax) => fax.id);

describe('GET /api/recentFaxes', () => {
  it('answers 401 without a session', async () => {
    expect((await call('/api/recentFaxes')).status).toBe(401);
  });

  it('answers empty lists for a new account', async () => {
    const { cookie } = await newAccount();
    expect(await recentFaxesOf(cookie)).toEqual({ unread: [], recent: [] });
  });

  it('lists the newest unread faxes, and the newest faxes with those on their way first, trash left out', async () => {
    const { userId, cookie } = await newAccount();
    const sending = historyFax(1, { status: 'SENDING' });
    const arriving = historyFax(2, { direction: 'RECEIVE', status: 'RECEIVING', read: false });
    const unread = [3, 4, 5, 6, 7].map((i) => historyFax(i, { direction: 'RECEIVE', read: false }));
    const read = historyFax(8, { direction: 'RECEIVE', read: true });
    const trashed = historyFax(9, { direction: 'RECEIVE', read: false, trashedAt: Date.now() });
    const delivered = historyFax(10);
    await seedHistory(userId, [sending, arriving, ...unread, read, trashed, delivered]);

    const lists = await recentFaxesOf(cookie);
    // Newest first, four at most: the inbox has the rest.
    expect(ids(lists.unread)).toEqual(ids([unread[4]!, unread[3]!, unread[2]!, unread[1]!]));
    // On their way first whatever their age, then the newest of both directions, six in all.
    expect(ids(lists.recent)).toEqual(ids([arriving, sending, delivered, read, unread[4]!, unread[3]!]));
    expect(lists.recent.some((fax) => fax.id === trashed.id)).toBe(false);

    // The page is rendered with the same lists.
    const user = (await findUserById(getDb(env), userId))!;
    expect((await readPageFigures(env, user, { recentFaxes: true, hasContacts: false })).recentFaxes).toEqual(lists);
  });
});

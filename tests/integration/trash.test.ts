import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FaxCounts, FaxListPage } from '../../src/common/faxes';
import { type DeleteForeverResult, TRASH_RETENTION_MS, type TrashChangeResult, type TrashListPage } from '../../src/common/trash';
import { readFaxCounters, recountFaxCounters } from '../../worker/db/store/fax-counters';
import { call, errorCode } from '../support/client';
import { passwordAccount } from '../support/db';
import { findLedgerRow, insertSendFax } from '../support/faxes';
import { openLiveFor } from '../support/live';
import { ringStoreAlarm, storeSql, userStoreStub } from '../support/user-store';

// The trash (decision 024): faxes of either direction move in and out all or none, the counts follow
// every move, the list pages like the history, and deleting forever (by the user or the 30-day
// purge) removes the rows and their documents and nothing else.

interface Owner {
  userId: string;
  cookie: string;
}

/** A sent fax that has ended (delivered unless said), with its document and transmitted PDF in R2. */
async function sentFax(
  owner: Owner,
  fields: { status?: string; start?: number; fileId?: string } = {},
): Promise<{ faxId: string; fileId: string }> {
  const { faxId, fileId } = await insertSendFax(owner.userId, { documentPages: 1 });
  const start = fields.start ?? Date.now();
  const key = `users/${owner.userId}/faxes/${faxId}.pdf`;
  await env.DOCUMENTS.put(key, 'transmitted');
  await storeSql(
    owner.userId,
    'UPDATE faxes SET status = ?, start = ?, updated = ?, completed = ?, document_key = ?, file_id = ? WHERE id = ?',
    fields.status ?? 'DELIVERED',
    start,
    start,
    start,
    key,
    fields.fileId ?? fileId,
    faxId,
  );
  return { faxId, fileId: fields.fileId ?? fileId };
}

/** A received fax, unread, counted as the store counts one. */
async function receivedFax(owner: Owner, start = Date.now()): Promise<string> {
  const faxId = crypto.randomUUID();
  await storeSql(
    owner.userId,
    `INSERT INTO faxes (id, direction, status, remote_number, local_number, page_count, pages_sent, start, updated, completed, read)
     VALUES (?, 'RECEIVE', 'RECEIVED', '+14155550100', '+17735550199', 1, 1, ?, ?, ?, 0)`,
    faxId,
    start,
    start,
    start,
  );
  await storeSql(owner.userId, "INSERT OR IGNORE INTO fax_counters (direction) VALUES ('RECEIVE')");
  await storeSql(
    owner.userId,
    "UPDATE fax_counters SET total = total + 1, unread = unread + 1, lifetime = lifetime + 1 WHERE direction = 'RECEIVE'",
  );
  return faxId;
}

function post(path: string, cookie: string, body: unknown) {
  return call(path, { method: 'POST', cookie, body });
}

async function json<T>(path: string, cookie: string): Promise<T> {
  const response = await call(path, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function counts(owner: Owner): Promise<FaxCounts> {
  return json<FaxCounts>('/api/faxCounts', owner.cookie);
}

/** The kept counters equal what the rows say, in both directions. */
async function expectCountersTrue(owner: Owner): Promise<void> {
  await runInDurableObject(userStoreStub(owner.userId), (hub, state) => {
    for (const direction of ['SEND', 'RECEIVE'] as const) {
      const { lifetime: _lifetime, ...kept } = readFaxCounters(hub.store, direction);
      expect(kept).toEqual(recountFaxCounters(hub.store, direction));
    }
    // The numbers a search by number looks through, with their faxes: exactly those of the history.
    const sql = state.storage.sql;
    const listed = sql.exec('SELECT direction, number, faxes FROM remote_numbers ORDER BY 1, 2').toArray();
    const recounted = sql
      .exec(
        `SELECT direction, remote_number AS number, COUNT(*) AS faxes FROM faxes
         WHERE remote_number IS NOT NULL AND trashed_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .toArray();
    expect(listed).toEqual(recounted);
  });
}

async function objectExists(key: string): Promise<boolean> {
  return (await env.DOCUMENTS.head(key)) !== null;
}

describe('moving faxes to the trash and back', () => {
  it('takes a sent and an unread received fax out of the history and the counts, and restores both', async () => {
    const owner = await passwordAccount();
    const sent = await sentFax(owner);
    const received = await receivedFax(owner);
    const kept = await sentFax(owner);
    expect(await counts(owner)).toEqual({ unreadReceived: 1, received: 1, sent: 2, scheduled: 0 });
    const live = await openLiveFor(owner.cookie);

    const response = await post('/api/trashFaxes', owner.cookie, { faxIds: [sent.faxId, received] });
    expect(response.status).toBe(200);
    const moved = (await response.json()) as TrashChangeResult;
    expect(moved.faxes.map((fax) => fax.trashedAt)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(moved.totals.counts).toEqual({ unreadReceived: 0, received: 0, sent: 1, scheduled: 0 });
    expect(moved.trashTotal).toBe(2);
    expect(await counts(owner)).toEqual({ unreadReceived: 0, received: 0, sent: 1, scheduled: 0 });
    const history = await json<FaxListPage>('/api/faxes?direction=SEND', owner.cookie);
    expect(history.faxes.map((fax) => fax.id)).toEqual([kept.faxId]);
    expect(history.total).toBe(1);
    const trash = await json<TrashListPage>('/api/trash', owner.cookie);
    expect(new Set(trash.faxes.map((fax) => fax.id))).toEqual(new Set([sent.faxId, received]));
    expect(trash.total).toBe(2);
    // Every open page hears of each move.
    await live.waitForEvent<{ type: string; fax: { id: string; trashedAt: number | null } }>(
      (e) => e.type === 'fax.updated' && e.fax.id === received && e.fax.trashedAt !== null,
    );
    await expectCountersTrue(owner);

    // Trashing again changes nothing.
    const again = (await (await post('/api/trashFaxes', owner.cookie, { faxIds: [sent.faxId] })).json()) as TrashChangeResult;
    expect(again.trashTotal).toBe(2);

    const restored = (await (
      await post('/api/restoreFaxes', owner.cookie, { faxIds: [sent.faxId, received] })
    ).json()) as TrashChangeResult;
    expect(restored.faxes.map((fax) => fax.trashedAt)).toEqual([null, null]);
    expect(restored.trashTotal).toBe(0);
    expect(await counts(owner)).toEqual({ unreadReceived: 1, received: 1, sent: 2, scheduled: 0 });
    expect((await json<TrashListPage>('/api/trash', owner.cookie)).total).toBe(0);
    await expectCountersTrue(owner);
    live.close();
  });

  it('refuses a fax still on its way with 409 and moves none of the others', async () => {
    const owner = await passwordAccount();
    const done = await sentFax(owner);
    const onItsWay = await sentFax(owner, { status: 'SENDING' });
    const response = await post('/api/trashFaxes', owner.cookie, { faxIds: [done.faxId, onItsWay.faxId] });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('FAX_IN_PROGRESS');
    expect((await json<TrashListPage>('/api/trash', owner.cookie)).total).toBe(0);
    expect(await counts(owner)).toMatchObject({ sent: 2 });
  });

  it("answers 404 for another user's fax exactly as for a missing one, and moves nothing", async () => {
    const owner = await passwordAccount();
    const stranger = await passwordAccount();
    const theirs = await sentFax(stranger);
    const mine = await sentFax(owner);
    // As many as a call takes (100), none the owner's: still a plain 404, the whole list looked up at once.
    const most = Array.from({ length: 100 }, () => crypto.randomUUID());
    for (const faxIds of [[mine.faxId, theirs.faxId], [crypto.randomUUID()], most]) {
      for (const path of ['/api/trashFaxes', '/api/restoreFaxes', '/api/deleteFaxesForever']) {
        const response = await post(path, owner.cookie, { faxIds });
        expect(response.status).toBe(404);
        expect(await errorCode(response)).toBe('NOT_FOUND');
      }
    }
    expect((await json<TrashListPage>('/api/trash', owner.cookie)).total).toBe(0);
    expect((await json<TrashListPage>('/api/trash', stranger.cookie)).total).toBe(0);
    expect(await counts(stranger)).toMatchObject({ sent: 1 });
  });

  it('validates its input, asks for a session and refuses a cross-site call', async () => {
    const owner = await passwordAccount();
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    for (const body of [{}, { faxIds: [] }, { faxIds: ['nope'] }, { faxIds: tooMany }, { all: false }, { all: true, faxIds: [] }]) {
      const path = 'all' in body ? '/api/deleteFaxesForever' : '/api/trashFaxes';
      const response = await post(path, owner.cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    }
    expect((await call('/api/trash?cursor=%%%', { cookie: owner.cookie })).status).toBe(400);
    expect((await call('/api/trash')).status).toBe(401);
    expect((await post('/api/trashFaxes', '', { faxIds: [crypto.randomUUID()] })).status).toBe(401);
    const crossSite = await call('/api/trashFaxes', {
      method: 'POST',
      cookie: owner.cookie,
      body: { faxIds: [crypto.randomUUID()] },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('the trash list', () => {
  it('pages 30, then 20, then the rest, newest first, both directions together, and stops at the total', async () => {
    const owner = await passwordAccount();
    const ids: string[] = [];
    const now = Date.now();
    for (let i = 0; i < 55; i++) {
      const start = now - i * 60_000;
      ids.push(i % 5 === 0 ? await receivedFax(owner, start) : (await sentFax(owner, { start })).faxId);
    }
    for (let i = 0; i < ids.length; i += 50) await post('/api/trashFaxes', owner.cookie, { faxIds: ids.slice(i, i + 50) });
    const seen: string[] = [];
    let page = await json<TrashListPage>('/api/trash', owner.cookie);
    const sizes = [page.faxes.length];
    seen.push(...page.faxes.map((fax) => fax.id));
    while (page.nextCursor) {
      page = await json<TrashListPage>(`/api/trash?cursor=${page.nextCursor}`, owner.cookie);
      sizes.push(page.faxes.length);
      seen.push(...page.faxes.map((fax) => fax.id));
    }
    expect(sizes).toEqual([30, 20, 5]);
    expect(page.total).toBe(55);
    expect(seen).toEqual(ids);
    // 55 faxes made one by one through the store: more than the default 5 s on a busy 2-core machine.
  }, 60_000);
});

describe('deleting forever', () => {
  it('refuses a fax not in the trash with 409; deletes the rows and documents, keeping a document another fax uses and the ledger', async () => {
    const owner = await passwordAccount();
    const first = await sentFax(owner);
    // The same uploaded document sent again: it must outlive the first fax.
    const resent = await sentFax(owner, { fileId: first.fileId });
    const alone = await sentFax(owner);
    // What the first fax added to the anonymised ledger, still to be sent to D1's totals.
    const entry = { period: '2001-03', direction: 'SEND', status: 'DELIVERED', pages: 1, charged: 1, refunded: 0 };
    await storeSql(
      owner.userId,
      'INSERT INTO store_facts (key, value) VALUES (?, ?)',
      `ledger.pending:${first.faxId}`,
      JSON.stringify(entry),
    );

    const notTrashed = await post('/api/deleteFaxesForever', owner.cookie, { faxIds: [first.faxId] });
    expect(notTrashed.status).toBe(409);
    expect(await errorCode(notTrashed)).toBe('NOT_IN_TRASH');

    await post('/api/trashFaxes', owner.cookie, { faxIds: [first.faxId, alone.faxId] });
    const live = await openLiveFor(owner.cookie);
    const response = await post('/api/deleteFaxesForever', owner.cookie, { faxIds: [first.faxId, alone.faxId] });
    expect(response.status).toBe(200);
    expect((await response.json()) as DeleteForeverResult).toEqual({ deleted: 2, remaining: 0 });
    await live.waitForEvent<{ type: string; faxIds: string[] }>((e) => e.type === 'faxes.deleted' && e.faxIds.length === 2);
    live.close();

    expect((await call(`/api/faxes/${first.faxId}`, { cookie: owner.cookie })).status).toBe(404);
    expect(await storeSql(owner.userId, 'SELECT fax_id FROM fax_events WHERE fax_id IN (?, ?)', first.faxId, alone.faxId)).toEqual([]);
    expect(await objectExists(`users/${owner.userId}/faxes/${first.faxId}.pdf`)).toBe(false);
    expect(await objectExists(`users/${owner.userId}/documents/${alone.fileId}`)).toBe(false);
    expect(await env.DB.prepare('SELECT 1 FROM files WHERE id = ?').bind(alone.fileId).first()).toBeNull();
    // What stays: the document the resent fax uses, the resent fax, and the anonymised ledger.
    expect(await objectExists(`users/${owner.userId}/documents/${first.fileId}`)).toBe(true);
    expect((await call(`/api/faxes/${resent.faxId}`, { cookie: owner.cookie })).status).toBe(200);
    expect(await findLedgerRow(first.faxId, owner.userId)).toEqual(entry);
    expect(await counts(owner)).toMatchObject({ sent: 1 });
    await expectCountersTrue(owner);
  });

  it('empties the whole trash with `all`, leaving the history alone', async () => {
    const owner = await passwordAccount();
    const trashed: string[] = [];
    for (let i = 0; i < 12; i++) trashed.push((await sentFax(owner)).faxId);
    const kept = await sentFax(owner);
    await post('/api/trashFaxes', owner.cookie, { faxIds: trashed });
    const response = await post('/api/deleteFaxesForever', owner.cookie, { all: true });
    expect((await response.json()) as DeleteForeverResult).toEqual({ deleted: 12, remaining: 0 });
    expect((await json<TrashListPage>('/api/trash', owner.cookie)).total).toBe(0);
    expect((await json<FaxListPage>('/api/faxes?direction=SEND', owner.cookie)).faxes.map((fax) => fax.id)).toEqual([kept.faxId]);
    await expectCountersTrue(owner);
  });
});

describe('the purge after the retention period', () => {
  it("removes what was trashed over 30 days ago with its documents, on the store's alarm, and nothing else", async () => {
    const owner = await passwordAccount();
    const old = await sentFax(owner);
    const recent = await sentFax(owner);
    const history = await sentFax(owner);
    await post('/api/trashFaxes', owner.cookie, { faxIds: [old.faxId, recent.faxId] });
    const longAgo = Date.now() - TRASH_RETENTION_MS - 60_000;
    await storeSql(owner.userId, 'UPDATE faxes SET trashed_at = ? WHERE id = ?', longAgo, old.faxId);

    expect(await ringStoreAlarm(owner.userId)).toBe(true);
    const trash = await json<TrashListPage>('/api/trash', owner.cookie);
    expect(trash.faxes.map((fax) => fax.id)).toEqual([recent.faxId]);
    expect(trash.total).toBe(1);
    expect(await objectExists(`users/${owner.userId}/faxes/${old.faxId}.pdf`)).toBe(false);
    expect(await objectExists(`users/${owner.userId}/faxes/${recent.faxId}.pdf`)).toBe(true);
    expect((await call(`/api/faxes/${history.faxId}`, { cookie: owner.cookie })).status).toBe(200);
    await expectCountersTrue(owner);
    // The alarm stays set for the fax still in the trash.
    expect(await runInDurableObject(userStoreStub(owner.userId), (_hub, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now());
  });
});

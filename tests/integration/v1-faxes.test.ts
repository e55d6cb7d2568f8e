import { describe, expect, it } from 'vitest';
import { createKey, problemOf, v1 } from '../support/api-keys';
import { storedDocument } from '../support/documents';
import { sendCreditsOf } from '../support/faxes';
import { insertFaxRow } from '../support/send-fax';
import { storeSql } from '../support/user-store';
import { exhaustKey, integrator } from '../support/v1';

// /v1 faxes (decision 046): sent through the site's own send rules (credits, pages, the number),
// listed with cursor paging, read, downloaded, cancelled while scheduled, trashed; another account's
// fax answers 404 like a missing one.

interface V1Fax {
  id: string;
  object: string;
  status: string;
  to: string | null;
  credits_charged: number;
  send_at: string | null;
  failure: { reason: string; retryable: boolean; pages_sent: number } | null;
  in_trash: boolean;
}
interface V1List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

const send = (key: string, body: unknown, headers: Record<string, string> = {}) => v1('/faxes', key, { method: 'POST', body, headers });

describe('POST /v1/faxes', () => {
  it('sends a fax with a cover page, charging the pages as the site does', async () => {
    const me = await integrator(10);
    const fileId = await storedDocument(me.userId, 2);
    const response = await send(me.key, { to: '(212) 555-0123', file_id: fileId, cover_page: { to_name: 'Ada', subject: 'Hi' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('ratelimit')).toMatch(/^"per-key";r=\d+;t=\d+$/);
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"per-key";q=\d+;w=60$/);
    const fax = (await response.json()) as V1Fax;
    expect(fax).toMatchObject({ object: 'fax', status: 'queued', to: '+12125550123', credits_charged: 3, failure: null });
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 7, paid: 0 });
  });

  it('sends to many numbers, one fax each, and schedules one for later', async () => {
    const me = await integrator(10);
    const fileId = await storedDocument(me.userId, 1);
    const many = await send(me.key, { to: ['2125550123', '+1 415 555 0100'], file_id: fileId });
    expect(many.status).toBe(201);
    const batch = (await many.json()) as { object: string; data: V1Fax[] };
    expect(batch.object).toBe('fax_batch');
    expect(batch.data.map((fax) => fax.to)).toEqual(['+12125550123', '+14155550100']);

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await (await send(me.key, { to: '2125550123', file_id: fileId, send_at: later })).json()) as V1Fax;
    expect(scheduled.send_at).toBe(later);
    const cancelled = await v1(`/faxes/${scheduled.id}/cancel`, me.key, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as V1Fax).failure).toEqual({ reason: 'cancelled', retryable: false, pages_sent: 0 });
    const again = await v1(`/faxes/${scheduled.id}/cancel`, me.key, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('answers problems: 400 naming fields, 402 without credits, 404 for a document not its own, 403 without the scope', async () => {
    const me = await integrator(1);
    const fileId = await storedDocument(me.userId, 3);
    const bad = await send(me.key, { to: '', file_id: 'nope', anonymous: 'yes' });
    expect(bad.status).toBe(400);
    const problem = await problemOf(bad);
    expect(problem.type).toMatch(/#problem-invalid-request$/);
    expect(problem.errors!.map((e) => e.field).sort()).toEqual(['anonymous', 'file_id', 'to']);
    expect((await problemOf(await send(me.key, '{"to":'))).type).toMatch(/#problem-malformed-body$/);
    expect((await problemOf(await send(me.key, { to: 'call me', file_id: fileId }))).type).toMatch(/#problem-invalid-fax-number$/);
    const poor = await send(me.key, { to: '2125550123', file_id: fileId });
    expect(poor.status).toBe(402);
    expect((await problemOf(poor)).type).toMatch(/#problem-insufficient-credits$/);
    const other = await integrator(10);
    const foreign = await send(me.key, { to: '2125550123', file_id: await storedDocument(other.userId, 1) });
    expect(foreign.status).toBe(404);

    const { secret: testKey } = await createKey(me.cookie, { mode: 'test' });
    expect(testKey).toMatch(/^fx_test_/);
    // A test key sends in the sandbox (decision 048, v1-sandbox.test.ts), where credits are not needed.
    const sandbox = await send(testKey, { to: '2125550123', file_id: fileId });
    expect(sandbox.status).toBe(201);
    expect(await sandbox.json()).toMatchObject({ livemode: false, credits_charged: 0 });
    const readOnly = (await createKey(me.cookie, { scopes: ['faxes:read'] })).secret;
    expect((await problemOf(await send(readOnly, { to: '2125550123', file_id: fileId }))).status).toBe(403);
    expect((await v1('/faxes', null, { method: 'POST', body: {} })).status).toBe(401);
  });
});

describe('GET /v1/faxes, /v1/received_faxes and /v1/faxes/{id}', () => {
  it('pages with after/limit, newest first, and filters by status', async () => {
    const me = await integrator();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertFaxRow(me.userId, { start: 1_000_000 + i, status: i === 0 ? 'FAILED' : 'DELIVERED' }));
    await insertFaxRow(me.userId, { direction: 'RECEIVE', status: 'RECEIVED' });
    const first = (await (await v1('/faxes?limit=2', me.key)).json()) as V1List<V1Fax>;
    expect(first.data.map((f) => f.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    const rest = (await (await v1(`/faxes?limit=10&after=${encodeURIComponent(first.next_cursor!)}`, me.key)).json()) as V1List<V1Fax>;
    expect(rest.data.map((f) => f.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    const failed = (await (await v1('/faxes?status=failed', me.key)).json()) as V1List<V1Fax>;
    expect(failed.data.map((f) => f.id)).toEqual([ids[0]]);
    const received = (await (await v1('/received_faxes', me.key)).json()) as V1List<V1Fax>;
    expect(received.data).toHaveLength(1);
    expect((await v1('/faxes?limit=0', me.key)).status).toBe(400);
    expect((await v1('/faxes?after=garbage', me.key)).status).toBe(400);
    expect((await v1('/faxes', null)).status).toBe(401);
  });

  it('reads, downloads and trashes its own fax; another account’s id is 404', async () => {
    const me = await integrator();
    const other = await integrator();
    const fileId = await storedDocument(me.userId, 1);
    const sent = (await (
      await send(me.key, { to: '2125550123', file_id: fileId, send_at: new Date(Date.now() + 3_600_000).toISOString() })
    ).json()) as V1Fax;
    const got = await v1(`/faxes/${sent.id}`, me.key);
    expect(got.status).toBe(200);
    expect(((await got.json()) as V1Fax).id).toBe(sent.id);
    const pdf = await v1(`/faxes/${sent.id}/pdf`, me.key);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    for (const path of [`/faxes/${sent.id}`, `/faxes/${sent.id}/pdf`]) {
      const foreign = await v1(path, other.key);
      expect(foreign.status).toBe(404);
      expect((await problemOf(foreign)).type).toMatch(/#problem-not-found$/);
    }
    expect((await v1(`/faxes/${sent.id}/cancel`, other.key, { method: 'POST' })).status).toBe(404);
    expect((await v1(`/faxes/${sent.id}`, other.key, { method: 'DELETE' })).status).toBe(404);
    expect((await v1('/faxes/not-an-id', me.key)).status).toBe(400);

    const delivered = await insertFaxRow(me.userId);
    const trashed = await v1(`/faxes/${delivered}`, me.key, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    expect(((await trashed.json()) as V1Fax).in_trash).toBe(true);
    const [row] = await storeSql<{ trashed_at: number | null }>(me.userId, 'SELECT trashed_at FROM faxes WHERE id = ?', delivered);
    expect(row!.trashed_at).not.toBeNull();
  });

  it('answers 429 with Retry-After and the RateLimit fields once the key’s minute is used up', async () => {
    const me = await integrator();
    await exhaustKey(me.userId, me.keyId);
    const limited = await v1('/faxes', me.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect((await problemOf(limited)).type).toMatch(/#problem-rate-limited$/);
    // Counted per key: another key of the same account is not limited.
    const { secret } = await createKey(me.cookie);
    expect((await v1('/faxes', secret)).status).toBe(200);
  });
});

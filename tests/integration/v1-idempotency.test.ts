import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { problemOf, v1 } from '../support/api-keys';
import { storedDocument } from '../support/documents';
import { sendCreditsOf, setSendCredits } from '../support/faxes';
import { ringStoreAlarm, storeSql, userStoreStub } from '../support/user-store';
import { integrator } from '../support/v1';

// Idempotency-Key on /v1 (decision 046): claimed in the key owner's object, which runs one call at
// a time, so identical requests arriving together make one fax and one charge.

const faxCount = async (userId: string): Promise<number> =>
  (await storeSql<{ n: number }>(userId, 'SELECT count(*) AS n FROM faxes'))[0]!.n;

describe('Idempotency-Key', () => {
  it('20 identical sends at once make one fax and one charge; the others replay it or are told it is in flight', async () => {
    const me = await integrator(10);
    const fileId = await storedDocument(me.userId, 2);
    const body = { to: '2125550123', file_id: fileId };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => v1('/faxes', me.key, { method: 'POST', body, headers: { 'Idempotency-Key': 'order-4711' } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.status === 201);
    const ids = new Set(await Promise.all(created.map(async (answer) => ((await answer.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect((await problemOf(answer)).type).toMatch(/#problem-idempotency-in-flight$/);
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect(await faxCount(me.userId)).toBe(1);
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 8, paid: 0 });

    // Afterwards the same request replays the answer, byte for byte, marked so.
    const replay = await v1('/faxes', me.key, { method: 'POST', body, headers: { 'Idempotency-Key': 'order-4711' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe([...ids][0]);
    expect(await faxCount(me.userId)).toBe(1);
  });

  it('refuses the key with another body (422), keeps keys per API key, and accepts a fresh key', async () => {
    const me = await integrator(10);
    const fileId = await storedDocument(me.userId, 1);
    const headers = { 'Idempotency-Key': 'k-1' };
    expect((await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550123', file_id: fileId }, headers })).status).toBe(201);
    const reused = await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550199', file_id: fileId }, headers });
    expect(reused.status).toBe(422);
    expect((await problemOf(reused)).type).toMatch(/#problem-idempotency-key-reused$/);
    expect(
      (await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550199', file_id: fileId }, headers: { 'Idempotency-Key': 'k-2' } }))
        .status,
    ).toBe(201);
    const bad = await v1('/faxes', me.key, {
      method: 'POST',
      body: { to: '2125550199', file_id: fileId },
      headers: { 'Idempotency-Key': 'with space' },
    });
    expect((await problemOf(bad)).type).toMatch(/#problem-invalid-idempotency-key$/);
    expect(await faxCount(me.userId)).toBe(2);
  });

  it('keeps nothing for a failed request, so its retry runs again', async () => {
    const me = await integrator(0);
    const fileId = await storedDocument(me.userId, 1);
    const request = { method: 'POST', body: { to: '2125550123', file_id: fileId }, headers: { 'Idempotency-Key': 'retry-me' } };
    expect((await v1('/faxes', me.key, request)).status).toBe(402);
    await setSendCredits(me.userId, 5, 0);
    const retried = await v1('/faxes', me.key, request);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('lets a retry take over a claim its first request abandoned (no answer after 2 minutes)', async () => {
    const me = await integrator();
    const request = { method: 'POST', body: { name: 'Ada', fax_number: '2125550123' }, headers: { 'Idempotency-Key': 'died' } };
    const first = await v1('/contacts', me.key, request);
    expect(first.status).toBe(201);
    // As if the first request had died before its answer was kept.
    await storeSql(me.userId, 'UPDATE idempotency_keys SET status = NULL, body = NULL, content_type = NULL');
    expect((await v1('/contacts', me.key, request)).status).toBe(409);
    await storeSql(me.userId, 'UPDATE idempotency_keys SET created = ?', Date.now() - 3 * 60_000);
    const retried = await v1('/contacts', me.key, request);
    // It runs again: the contact it made the first time is there, so the phonebook says so.
    expect(retried.status).toBe(409);
    expect((await problemOf(retried)).type).toMatch(/#problem-contact-exists$/);
  });

  it('creates one contact per key on POST /v1/contacts too, and the alarm forgets keys after 24 hours', async () => {
    const me = await integrator();
    const request = { method: 'POST', body: { name: 'Ada', fax_number: '2125550123' }, headers: { 'Idempotency-Key': 'c-1' } };
    const first = await v1('/contacts', me.key, request);
    const second = await v1('/contacts', me.key, request);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await first.text()).toBe(await second.text());

    await storeSql(me.userId, 'UPDATE idempotency_keys SET created = ?', Date.now() - 25 * 3_600_000);
    expect(await ringStoreAlarm(me.userId)).toBe(true);
    expect(await storeSql(me.userId, 'SELECT id FROM idempotency_keys')).toEqual([]);
    const alarm = await runInDurableObject(userStoreStub(me.userId), (_hub, state) => state.storage.getAlarm());
    expect(alarm === null || alarm > Date.now()).toBe(true);
  });
});

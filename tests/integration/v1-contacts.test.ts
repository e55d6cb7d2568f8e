import { describe, expect, it } from 'vitest';
import { createKey, problemOf, v1 } from '../support/api-keys';
import { makePdf } from '../support/documents';
import { assignNumberTo } from '../support/faxes';
import { exhaustKey, integrator } from '../support/v1';

// /v1 contacts, numbers, account and files (decision 046): the phonebook's own operations and rules
// (one contact per number, the number read by the site's phone rule), the account's credits as the
// site reads them, documents through the site's document pipeline.

interface V1Contact {
  id: string;
  object: string;
  name: string;
  fax_number: string;
  company: string;
}

describe('/v1/contacts', () => {
  it('adds, lists, reads, changes and deletes contacts', async () => {
    const me = await integrator();
    const created = await v1('/contacts', me.key, {
      method: 'POST',
      body: { name: 'Ada', fax_number: '(212) 555-0123', company: 'Engines' },
    });
    expect(created.status).toBe(201);
    const ada = (await created.json()) as V1Contact;
    expect(ada).toMatchObject({ object: 'contact', name: 'Ada', fax_number: '+12125550123', company: 'Engines' });
    await v1('/contacts', me.key, { method: 'POST', body: { name: 'Bob', fax_number: '4155550100' } });

    const page = (await (await v1('/contacts?limit=1', me.key)).json()) as { data: V1Contact[]; has_more: boolean; next_cursor: string };
    expect(page.data.map((c) => c.name)).toEqual(['Ada']);
    expect(page.has_more).toBe(true);
    const next = (await (await v1(`/contacts?limit=1&after=${encodeURIComponent(page.next_cursor)}`, me.key)).json()) as {
      data: V1Contact[];
    };
    expect(next.data.map((c) => c.name)).toEqual(['Bob']);

    expect(((await (await v1(`/contacts/${ada.id}`, me.key)).json()) as V1Contact).name).toBe('Ada');
    const changed = await v1(`/contacts/${ada.id}`, me.key, { method: 'PATCH', body: { company: 'Analytical Engines' } });
    expect(changed.status).toBe(200);
    expect((await changed.json()) as V1Contact).toMatchObject({ name: 'Ada', company: 'Analytical Engines', fax_number: '+12125550123' });
    const deleted = await v1(`/contacts/${ada.id}`, me.key, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ id: ada.id, object: 'contact', deleted: true });
    expect((await v1(`/contacts/${ada.id}`, me.key)).status).toBe(404);
  });

  it('answers 400 naming fields, 409 for a number already in the phonebook, 404 for another account’s contact', async () => {
    const me = await integrator();
    const bad = await v1('/contacts', me.key, { method: 'POST', body: { name: 'Ada', fax_number: 'not a number', email: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).errors!.map((e) => e.field).sort()).toEqual(['email', 'fax_number']);
    expect((await v1('/contacts', me.key, { method: 'POST', body: { fax_number: '2125550123' } })).status).toBe(400);
    const ada = (await (
      await v1('/contacts', me.key, { method: 'POST', body: { name: 'Ada', fax_number: '2125550123' } })
    ).json()) as V1Contact;
    const twin = await v1('/contacts', me.key, { method: 'POST', body: { name: 'Twin', fax_number: '+1 212 555 0123' } });
    expect(twin.status).toBe(409);
    expect((await problemOf(twin)).detail).toContain(ada.id);

    const other = await integrator();
    for (const method of ['GET', 'DELETE']) expect((await v1(`/contacts/${ada.id}`, other.key, { method })).status).toBe(404);
    expect((await v1(`/contacts/${ada.id}`, other.key, { method: 'PATCH', body: { name: 'Mine' } })).status).toBe(404);
    expect((await v1('/contacts/not-a-uuid', me.key)).status).toBe(400);
  });

  it('needs contacts:read to read and contacts:write to change; 401 without a key; 429 past the limit', async () => {
    const me = await integrator();
    const reader = (await createKey(me.cookie, { scopes: ['contacts:read'] })).secret;
    expect((await v1('/contacts', reader)).status).toBe(200);
    expect((await v1('/contacts', reader, { method: 'POST', body: { name: 'A', fax_number: '2125550123' } })).status).toBe(403);
    const writer = (await createKey(me.cookie, { scopes: ['contacts:write'] })).secret;
    expect((await v1('/contacts', writer)).status).toBe(403);
    expect((await v1('/contacts', null)).status).toBe(401);
    await exhaustKey(me.userId, me.keyId);
    expect((await v1('/contacts', me.key)).status).toBe(429);
  });
});

describe('/v1/account, /v1/numbers and /v1/files', () => {
  it('reads the account with its credits and the key it was called with', async () => {
    const me = await integrator(12);
    const response = await v1('/account', me.key);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: me.userId,
      object: 'account',
      credits: { send: 12 },
      api_key: { id: me.keyId, livemode: true },
    });
  });

  it('lists the account’s number, none before it has one; needs faxes:read', async () => {
    const me = await integrator();
    expect(await (await v1('/numbers', me.key)).json()).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });
    const number = await assignNumberTo(me.userId);
    const listed = (await (await v1('/numbers', me.key)).json()) as { data: Array<{ number: string; object: string }> };
    expect(listed.data).toEqual([expect.objectContaining({ object: 'number', number })]);
    const noScope = (await createKey(me.cookie, { scopes: ['contacts:read'] })).secret;
    expect((await v1('/numbers', noScope)).status).toBe(403);
  });

  it('stores an uploaded document and sends it', async () => {
    const me = await integrator(10);
    const form = new FormData();
    form.set('file', new File([await makePdf(2)], 'letter.pdf', { type: 'application/pdf' }));
    const uploaded = await v1('/files', me.key, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { id: string; object: string; page_count: number };
    expect(file).toMatchObject({ object: 'file', page_count: 2 });
    const sent = await v1('/faxes', me.key, { method: 'POST', body: { to: '2125550123', file_id: file.id } });
    expect(sent.status).toBe(201);

    const notPdf = new FormData();
    notPdf.set('file', new File([new Uint8Array([1, 2, 3, 4])], 'x.bin'));
    const refused = await v1('/files', me.key, { method: 'POST', body: notPdf });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).type).toMatch(/#problem-unsupported-file-type$/);
    expect((await v1('/files', me.key, { method: 'POST', body: new FormData() })).status).toBe(400);
    const reader = (await createKey(me.cookie, { scopes: ['faxes:read'] })).secret;
    expect((await v1('/files', reader, { method: 'POST', body: form })).status).toBe(403);
  });

  it('answers a problem for an unknown operation and never CORS headers', async () => {
    const me = await integrator();
    const missing = await v1('/nothing-here', me.key, { headers: { origin: 'https://elsewhere.example' } });
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).type).toMatch(/#problem-not-found$/);
    const fine = await v1('/account', me.key, { headers: { origin: 'https://elsewhere.example' } });
    expect(fine.status).toBe(200);
    expect(fine.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a JSON body over 64 KB before reading it', async () => {
    const me = await integrator();
    const huge = await v1('/contacts', me.key, { method: 'POST', body: { name: 'A', fax_number: '2125550123', note: 'x'.repeat(70_000) } });
    expect(huge.status).toBe(413);
    expect((await problemOf(huge)).type).toMatch(/#problem-payload-too-large$/);
  });
});

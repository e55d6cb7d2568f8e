import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ContactView } from '../../src/common/contacts';
import { listStoreContacts } from '../../worker/db/store/contacts';
import type { ContactPosition } from '../../worker/domain/contacts';
import { call, errorCode, signUp } from '../support/client';
import { addContact, addContactOk, allContacts, fillPhonebook, listContacts } from '../support/contacts';
import { openLiveFor } from '../support/live';
import { userStoreStub } from '../support/user-store';

// The phonebook's calls (decision 026): contacts in the user's own store, one per fax number, found
// by name, company or number however typed, paged by keyset; another user's contact is never
// seen and answers 404 exactly like a missing one.

/** Queries and rows read (as the store's SQL cursors count them, bound parameters and all) by one page of 50 after `after`. */
async function listingCost(userId: string, after: ContactPosition | null) {
  return runInDurableObject(userStoreStub(userId), (hub, state) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    const cursors: Array<{ rowsRead: number }> = [];
    sql.exec = <T extends Record<string, SqlStorageValue>>(query: string, ...binds: unknown[]): SqlStorageCursor<T> => {
      const cursor = exec.call(sql, query, ...binds) as SqlStorageCursor<T>;
      cursors.push(cursor);
      return cursor;
    };
    try {
      const answered = listStoreContacts(hub.store, [], after, 51).length;
      return { answered, queries: cursors.length, rowsRead: cursors.reduce((sum, cursor) => sum + cursor.rowsRead, 0) };
    } finally {
      sql.exec = exec;
    }
  });
}

const ada = {
  name: 'Ada Lovelace',
  faxNumber: '(212) 555-0123',
  company: 'Analytical Engines',
  email: 'ada@example.com',
  note: 'Mornings',
};

describe('POST /api/addContact', () => {
  it('adds a contact, its number stored E.164 and shown formatted, the fields trimmed', async () => {
    const user = await signUp();
    const response = await addContact(user.cookie, { ...ada, name: '  Ada Lovelace ', faxNumber: '1 212.555.0123' });
    expect(response.status).toBe(201);
    const { contact } = (await response.json()) as { contact: ContactView };
    expect(contact).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      faxNumber: '+12125550123',
      faxDisplay: '(212) 555-0123',
      company: 'Analytical Engines',
      email: 'ada@example.com',
      note: 'Mornings',
      created: expect.any(Number),
      updated: contact.created,
    });
    const read = await call(`/api/contacts/${contact.id}`, { cookie: user.cookie });
    expect(await read.json()).toEqual({ contact });
    // Only the name and the number are needed.
    expect((await addContact(user.cookie, { name: 'Bob', faxNumber: '+44 20 7946 0958' })).status).toBe(201);
  });

  it.each([
    [{ ...ada, name: '' }, 'INVALID_INPUT'],
    [{ ...ada, name: 'x'.repeat(81) }, 'INVALID_INPUT'],
    [{ ...ada, company: 'x'.repeat(81) }, 'INVALID_INPUT'],
    [{ ...ada, note: 'x'.repeat(501) }, 'INVALID_INPUT'],
    [{ ...ada, faxNumber: '555-0123' }, 'INVALID_FAX_NUMBER'],
    [{ ...ada, faxNumber: 'x'.repeat(41) }, 'INVALID_FAX_NUMBER'],
    [{ ...ada, email: 'not an address' }, 'INVALID_EMAIL'],
    [{ name: 'No number' }, 'INVALID_INPUT'],
    ['{not json', 'MALFORMED_BODY'],
  ])('answers 400 for %j', async (body, code) => {
    const user = await signUp();
    const response = await call('/api/addContact', { method: 'POST', cookie: user.cookie, body });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
    expect((await listContacts(user.cookie)).total).toBe(0);
  });

  it('answers 409 CONTACT_EXISTS for a number already there however it is typed, naming the contact that has it', async () => {
    const user = await signUp();
    const first = await addContactOk(user.cookie, ada);
    const response = await addContact(user.cookie, { name: 'Someone else', faxNumber: '+1 (212) 555-0123' });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string }; contact: ContactView };
    expect(body.error).toEqual({ code: 'CONTACT_EXISTS', message: '(212) 555-0123 is already in your phonebook, as Ada Lovelace.' });
    expect(body.contact).toEqual(first);
    // Another user may keep the same number.
    expect((await addContact((await signUp()).cookie, ada)).status).toBe(201);
  });

  it('answers 409 TOO_MANY_CONTACTS once the phonebook holds 5,000', async () => {
    const user = await signUp();
    await fillPhonebook(user.userId, 5000);
    const response = await addContact(user.cookie, ada);
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('TOO_MANY_CONTACTS');
    expect((await listContacts(user.cookie, { limit: '1' })).total).toBe(5000);
  });

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await addContact('', ada)).status).toBe(401);
    const user = await signUp();
    const response = await call('/api/addContact', {
      method: 'POST',
      cookie: user.cookie,
      body: ada,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('CROSS_ORIGIN');
  });

  it('tells the user’s open pages that the phonebook changed', async () => {
    const user = await signUp();
    const socket = await openLiveFor(user.cookie);
    await addContactOk(user.cookie, ada);
    expect(await socket.waitForEvent((e) => e['type'] === 'contacts.updated')).toEqual({
      type: 'contacts.updated',
      at: expect.any(Number),
    });
  });
});

describe('POST /api/editContact', () => {
  it('changes every field, keeping or changing the number', async () => {
    const user = await signUp();
    const contact = await addContactOk(user.cookie, ada);
    const same = await call('/api/editContact', {
      method: 'POST',
      cookie: user.cookie,
      body: { contactId: contact.id, name: 'Ada King', faxNumber: '212-555-0123', company: '', email: '', note: '' },
    });
    expect(same.status).toBe(200);
    expect(((await same.json()) as { contact: ContactView }).contact).toMatchObject({
      id: contact.id,
      name: 'Ada King',
      company: '',
      email: '',
    });
    const moved = await call('/api/editContact', {
      method: 'POST',
      cookie: user.cookie,
      body: { contactId: contact.id, name: 'Ada', faxNumber: '+33 1 42 68 53 00' },
    });
    expect(((await moved.json()) as { contact: ContactView }).contact).toMatchObject({
      faxNumber: '+33142685300',
      faxDisplay: '+33 1 42 68 53 00',
    });
    expect((await allContacts(user.cookie)).map((c) => c.faxNumber)).toEqual(['+33142685300']);
    // The old number is free again.
    expect((await addContact(user.cookie, { name: 'New', faxNumber: '(212) 555-0123' })).status).toBe(201);
  });

  it('answers 409 CONTACT_EXISTS for another contact’s number, changing nothing', async () => {
    const user = await signUp();
    const contact = await addContactOk(user.cookie, ada);
    await addContactOk(user.cookie, { name: 'Bob', faxNumber: '(415) 555-2671' });
    const response = await call('/api/editContact', {
      method: 'POST',
      cookie: user.cookie,
      body: { contactId: contact.id, name: 'Ada', faxNumber: '4155552671' },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { contact: ContactView }).contact.name).toBe('Bob');
    expect((await call(`/api/contacts/${contact.id}`, { cookie: user.cookie }).then((r) => r.json())) as { contact: ContactView }).toEqual({
      contact,
    });
  });

  it('answers 404 alike for another user’s contact and a missing one, and 400 for a bad id', async () => {
    const owner = await signUp();
    const other = await signUp();
    const contact = await addContactOk(owner.cookie, ada);
    for (const contactId of [contact.id, crypto.randomUUID()]) {
      const response = await call('/api/editContact', {
        method: 'POST',
        cookie: other.cookie,
        body: { contactId, name: 'Mallory', faxNumber: '2125550199' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    expect(
      (
        await call('/api/editContact', {
          method: 'POST',
          cookie: other.cookie,
          body: { contactId: 'nope', name: 'M', faxNumber: '2125550199' },
        })
      ).status,
    ).toBe(400);
    expect((await allContacts(owner.cookie))[0]).toEqual(contact);
    expect((await call('/api/editContact', { method: 'POST', body: { contactId: contact.id, ...ada } })).status).toBe(401);
  });
});

describe('POST /api/deleteContacts', () => {
  it('deletes one or several', async () => {
    const user = await signUp();
    const a = await addContactOk(user.cookie, ada);
    const b = await addContactOk(user.cookie, { name: 'Bob', faxNumber: '(415) 555-2671' });
    const c = await addContactOk(user.cookie, { name: 'Cy', faxNumber: '(312) 555-0142' });
    const one = await call('/api/deleteContacts', { method: 'POST', cookie: user.cookie, body: { contactIds: [a.id] } });
    expect(await one.json()).toEqual({ deleted: 1 });
    const two = await call('/api/deleteContacts', { method: 'POST', cookie: user.cookie, body: { contactIds: [b.id, c.id, b.id] } });
    expect(await two.json()).toEqual({ deleted: 2 });
    expect((await listContacts(user.cookie)).total).toBe(0);
  });

  it('deletes nothing and answers 404 when one of them is another user’s or missing', async () => {
    const owner = await signUp();
    const other = await signUp();
    const theirs = await addContactOk(owner.cookie, ada);
    const mine = await addContactOk(other.cookie, { name: 'Mine', faxNumber: '(415) 555-2671' });
    for (const contactIds of [[theirs.id], [mine.id, theirs.id], [mine.id, crypto.randomUUID()]]) {
      const response = await call('/api/deleteContacts', { method: 'POST', cookie: other.cookie, body: { contactIds } });
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
    }
    expect((await allContacts(other.cookie)).map((c) => c.id)).toEqual([mine.id]);
    expect((await allContacts(owner.cookie)).map((c) => c.id)).toEqual([theirs.id]);
  });

  it.each([[{ contactIds: [] }], [{ contactIds: ['x'] }], [{ contactIds: Array.from({ length: 501 }, () => crypto.randomUUID()) }], [{}]])(
    'answers 400 for %j',
    async (body) => {
      const user = await signUp();
      expect((await call('/api/deleteContacts', { method: 'POST', cookie: user.cookie, body })).status).toBe(400);
    },
  );

  it('answers 401 without a session', async () => {
    expect((await call('/api/deleteContacts', { method: 'POST', body: { contactIds: [crypto.randomUUID()] } })).status).toBe(401);
  });
});

describe('GET /api/contacts', () => {
  it('lists by name, whatever the case or accents, in pages of 50 that reach the total', async () => {
    const user = await signUp();
    const names = ['émile', 'Bob', 'alice', 'Zoë', 'carl'];
    for (const [i, name] of names.entries()) await addContactOk(user.cookie, { name, faxNumber: `212 555 013${i}` });
    expect((await listContacts(user.cookie)).contacts.map((c) => c.name)).toEqual(['alice', 'Bob', 'carl', 'émile', 'Zoë']);

    await fillPhonebook(user.userId, 115);
    const first = await listContacts(user.cookie);
    expect(first.total).toBe(120);
    expect(first.contacts).toHaveLength(50);
    const all = await allContacts(user.cookie);
    expect(all).toHaveLength(120);
    expect(new Set(all.map((c) => c.id)).size).toBe(120);
    const small = await listContacts(user.cookie, { limit: '7' });
    expect(small.contacts.map((c) => c.id)).toEqual(all.slice(0, 7).map((c) => c.id));
  });

  it('pages by keyset: the first and the last page read the same rows, whatever the depth', async () => {
    const user = await signUp();
    await fillPhonebook(user.userId, 2000);
    const first = await listingCost(user.userId, null);
    const all = await allContacts(user.cookie, { limit: '100' });
    const lastFull = all.at(-52)!;
    const last = await listingCost(user.userId, { sortKey: lastFull.name.toLowerCase(), id: lastFull.id });
    expect(first).toMatchObject({ answered: 51, queries: 1 });
    expect(last).toMatchObject({ answered: 51, queries: 1 });
    // The seek reads the row at the cursor too; nothing before it.
    expect(first.rowsRead).toBeLessThanOrEqual(52);
    expect(last.rowsRead).toBeLessThanOrEqual(52);
  });

  it.each([
    ['ada', ['Ada Lovelace']],
    ['LOVE', ['Ada Lovelace']],
    ['engines', ['Ada Lovelace', 'Charles Babbage']],
    ['charles engines', ['Charles Babbage']],
    ['jose', ['José Núñez']],
    ['212 555', ['Ada Lovelace', 'Charles Babbage']],
    ['(212) 555-0123', ['Ada Lovelace']],
    ['+1 212-555-0199', ['Charles Babbage']],
    ['020 7946 0958', ['José Núñez']],
    ['nobody', []],
  ])('finds %j', async (search, names) => {
    const user = await signUp();
    await addContactOk(user.cookie, ada);
    await addContactOk(user.cookie, { name: 'Charles Babbage', faxNumber: '2125550199', company: 'Difference Engines' });
    await addContactOk(user.cookie, { name: 'José Núñez', faxNumber: '+44 20 7946 0958' });
    const page = await listContacts(user.cookie, { search });
    expect(page.contacts.map((c) => c.name)).toEqual(names);
    expect(page.total).toBe(names.length);
  });

  it('pages through a search too', async () => {
    const user = await signUp();
    await fillPhonebook(user.userId, 130);
    await addContactOk(user.cookie, ada);
    // Both words in each: "Filler" and a 1 somewhere in its number.
    const expected = Array.from({ length: 130 }, (_, i) => String(i)).filter((i) => i.includes('1')).length;
    const found = await allContacts(user.cookie, { search: 'filler 1', limit: '10' });
    expect(found).toHaveLength(expected);
    expect(new Set(found.map((c) => c.id)).size).toBe(expected);
    expect((await listContacts(user.cookie, { search: 'filler 1', limit: '10' })).total).toBe(expected);
  });

  it('never shows another user’s contacts', async () => {
    const me = await signUp();
    const other = await signUp();
    await addContactOk(other.cookie, ada);
    const mine = await addContactOk(me.cookie, { name: 'Ada Mine', faxNumber: '4155552671' });
    expect((await listContacts(me.cookie, { search: 'ada' })).contacts).toEqual([mine]);
    expect((await listContacts(me.cookie)).total).toBe(1);
  });

  it.each([['cursor=%%%'], ['cursor=bm90LWEtY3Vyc29y'], ['limit=0'], ['limit=101'], ['limit=x'], [`search=${'a'.repeat(81)}`]])(
    'answers 400 for ?%s',
    async (query) => {
      const user = await signUp();
      const response = await call(`/api/contacts?${query}`, { cookie: user.cookie });
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    },
  );

  it('answers 401 without a session', async () => {
    expect((await call('/api/contacts')).status).toBe(401);
  });
});

describe('GET /api/contacts/:contactId', () => {
  it('answers 404 alike for another user’s contact and a missing one, 400 for a malformed id, 401 signed out', async () => {
    const owner = await signUp();
    const other = await signUp();
    const contact = await addContactOk(owner.cookie, ada);
    for (const id of [contact.id, crypto.randomUUID()]) {
      const response = await call(`/api/contacts/${id}`, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    expect((await call('/api/contacts/not-an-id', { cookie: other.cookie })).status).toBe(400);
    expect((await call(`/api/contacts/${contact.id}`)).status).toBe(401);
  });
});

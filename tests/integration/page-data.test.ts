import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../src/common/page-data';
import type { SendFaxToManyResult } from '../../src/common/send-many';
import { getDb } from '../../worker/db/client';
import { findNumberOwnedBy } from '../../worker/db/queries/numbers';
import { findUserById } from '../../worker/db/queries/users';
import { userHolderKey } from '../../worker/numbers/holder';
import { loadPageData } from '../../worker/pages';
import { userHubStub } from '../../worker/user-store/stub';
import { holdANumber } from '../support/billing';
import { call, ORIGIN } from '../support/client';
import { addContactOk } from '../support/contacts';
import { storedDocument } from '../support/documents';
import { openLiveFor } from '../support/live';
import { insertFaxRow, type Sender, senderWithCredits } from '../support/send-fax';

// The page data loaders (worker/pages/, decision 033): what each signed-in page is rendered with
// is exactly what its API call answers the same user, a fax or send of another user is not found
// as the API's 404, an empty account gets empty pages, and each page reads only its own data.

/** What the page at `path` is rendered with for this user (null: a visitor). */
async function pageData(userId: string | null, path: string): Promise<PageData | null> {
  const user = userId ? await findUserById(getDb(env), userId) : null;
  const ownedNumber = user ? findNumberOwnedBy(getDb(env), user.id) : Promise.resolve(null);
  const holderKey = async () => (user ? userHolderKey(user.id) : null);
  return loadPageData({ env, url: new URL(path, ORIGIN), user, ownedNumber, holderKey });
}

async function apiAnswer(cookie: string | null, path: string): Promise<unknown> {
  const response = await call(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.json();
}

async function apiStatus(cookie: string, path: string): Promise<number> {
  const response = await call(path, { cookie });
  await response.body?.cancel();
  return response.status;
}

/** A user with 35 sent faxes (two pages' worth), two received and one in the trash. */
async function userWithHistory(): Promise<Sender> {
  const user = await senderWithCredits(10);
  const base = Date.UTC(2026, 10, 1);
  for (let i = 0; i < 35; i++) await insertFaxRow(user.userId, { start: base + i * 1000 });
  await insertFaxRow(user.userId, { direction: 'RECEIVE', start: base });
  await insertFaxRow(user.userId, { direction: 'RECEIVE', start: base + 1 });
  await insertFaxRow(user.userId, { start: base, trashedAt: base + 5 });
  return user;
}

describe('page data: the lists', () => {
  it('/sent and /inbox are the first page GET /api/faxes answers, cursor and total included', async () => {
    const user = await userWithHistory();
    expect(await pageData(user.userId, '/sent')).toEqual({
      page: 'faxHistory',
      faxes: await apiAnswer(user.cookie, '/api/faxes?direction=SEND'),
    });
    expect(await pageData(user.userId, '/inbox')).toEqual({
      page: 'faxHistory',
      faxes: await apiAnswer(user.cookie, '/api/faxes?direction=RECEIVE'),
    });
    const sent = await pageData(user.userId, '/sent/');
    expect(sent?.page === 'faxHistory' && sent.faxes.faxes.length).toBe(30);
  });

  it('/trash is the first page GET /api/trash answers', async () => {
    const user = await userWithHistory();
    expect(await pageData(user.userId, '/trash')).toEqual({ page: 'trash', faxes: await apiAnswer(user.cookie, '/api/trash') });
  });

  it('/phonebook is the first page GET /api/contacts answers', async () => {
    const user = await senderWithCredits(0);
    await addContactOk(user.cookie, { name: 'Zed Page', faxNumber: '(212) 555-0110' });
    await addContactOk(user.cookie, { name: 'Ada Page', faxNumber: '(212) 555-0111' });
    expect(await pageData(user.userId, '/phonebook')).toEqual({
      page: 'phonebook',
      contacts: await apiAnswer(user.cookie, '/api/contacts'),
    });
  });

  it('leaves a history whose address holds filters to the page, which reads what they find itself', async () => {
    const user = await userWithHistory();
    for (const query of ['q=212', 'status=failed', 'unread=true', 'from=2026-11-01', 'to=2026-11-02']) {
      expect(await pageData(user.userId, `/inbox?${query}`), query).toBeNull();
    }
  });

  it('gives an account with nothing yet empty pages', async () => {
    const user = await senderWithCredits(0);
    const empty = { faxes: [], nextCursor: null, total: 0 };
    expect(await pageData(user.userId, '/sent')).toEqual({ page: 'faxHistory', faxes: empty });
    expect(await pageData(user.userId, '/inbox')).toEqual({ page: 'faxHistory', faxes: empty });
    expect(await pageData(user.userId, '/trash')).toEqual({ page: 'trash', faxes: empty });
    expect(await pageData(user.userId, '/phonebook')).toEqual({
      page: 'phonebook',
      contacts: { contacts: [], nextCursor: null, total: 0 },
    });
  });

  it('reads another user’s data never: each store holds only its own', async () => {
    const owner = await userWithHistory();
    const other = await senderWithCredits(0);
    const theirs = await pageData(other.userId, '/sent');
    expect(theirs).toEqual({ page: 'faxHistory', faxes: { faxes: [], nextCursor: null, total: 0 } });
    const mine = await pageData(owner.userId, '/sent');
    expect(mine?.page === 'faxHistory' && mine.faxes.total).toBe(35);
  });
});

describe('page data: one fax and one send to many', () => {
  it('/faxDetails/{id} and /preview?faxId= are the fax as GET /api/faxes/{id} answers it', async () => {
    const user = await userWithHistory();
    const faxId = await insertFaxRow(user.userId, { direction: 'RECEIVE' });
    const details = await apiAnswer(user.cookie, `/api/faxes/${faxId}`);
    expect(await pageData(user.userId, `/faxDetails/${faxId}`)).toEqual({ page: 'fax', details });
    expect(await pageData(user.userId, `/preview?faxId=${faxId}`)).toEqual({ page: 'fax', details });
  });

  it('finds no fax where the API answers 404 or 400: another user’s, a missing one, no fax id at all', async () => {
    const owner = await senderWithCredits(0);
    const other = await senderWithCredits(0);
    const theirs = await insertFaxRow(owner.userId);
    const cases = [theirs, crypto.randomUUID(), 'not-a-fax-id', '%E0%A4%A'];
    for (const faxId of cases) {
      expect(await apiStatus(other.cookie, `/api/faxes/${faxId}`), faxId).toBeGreaterThanOrEqual(400);
      expect(await pageData(other.userId, `/faxDetails/${faxId}`), faxId).toEqual({ page: 'fax', details: null });
      expect(await pageData(other.userId, `/preview?faxId=${faxId}`), faxId).toEqual({ page: 'fax', details: null });
    }
    // The owner still sees it.
    const own = await pageData(owner.userId, `/faxDetails/${theirs}`);
    expect(own?.page === 'fax' && own.details?.fax.id).toBe(theirs);
  });

  it('/broadcast/{id} is the group GET /api/broadcasts/{id} answers; another user’s is not found', async () => {
    const sender = await senderWithCredits(5);
    const other = await senderWithCredits(0);
    const fileId = await storedDocument(sender.userId, 1);
    const sent = await call('/api/sendFaxToMany', {
      method: 'POST',
      cookie: sender.cookie,
      body: { recipients: [{ toNumber: '+1 312 555 2001' }, { toNumber: '+1 312 555 2002' }], fileId, pageCount: 1 },
    });
    expect(sent.status).toBe(201);
    const { broadcastId } = (await sent.json()) as SendFaxToManyResult;
    const group = await apiAnswer(sender.cookie, `/api/broadcasts/${broadcastId}`);
    const rendered = await pageData(sender.userId, `/broadcast/${broadcastId}`);
    // The faxes go on through the loopback network meanwhile: the group is the same faxes, in order.
    expect(rendered?.page === 'broadcast' && rendered.broadcast?.faxes.map((fax) => fax.id)).toEqual(
      (group as { faxes: Array<{ id: string }> }).faxes.map((fax) => fax.id),
    );
    expect(await apiStatus(other.cookie, `/api/broadcasts/${broadcastId}`)).toBe(404);
    expect(await pageData(other.userId, `/broadcast/${broadcastId}`)).toEqual({ page: 'broadcast', broadcast: null });
    expect(await pageData(sender.userId, '/broadcast/not-a-send')).toEqual({ page: 'broadcast', broadcast: null });
  });
});

describe('page data: settings, plans and the dashboard', () => {
  it('/settings is what the calls of the section shown answer, and nothing of the others, for an account with nothing yet', async () => {
    const user = await senderWithCredits(0);
    const status = (await apiAnswer(user.cookie, '/api/checkSubscriptionStatus')) as { subscription: unknown };
    expect(await pageData(user.userId, '/settings?section=billing')).toEqual({
      page: 'settings',
      section: 'billing',
      subscription: status.subscription,
      billingHistory: await apiAnswer(user.cookie, '/api/billingHistory'),
    });
    expect(await pageData(user.userId, '/settings?section=fax-mail')).toEqual({
      page: 'settings',
      section: 'fax-mail',
      faxMail: await apiAnswer(user.cookie, '/api/faxMailAddresses'),
    });
    const { history } = (await apiAnswer(user.cookie, '/api/loginHistory')) as { history: unknown };
    const secondFactor = await apiAnswer(user.cookie, '/api/secondFactor');
    expect(secondFactor).toEqual({ app: false, recoveryCodesLeft: 0 });
    const { passkeys } = (await apiAnswer(user.cookie, '/api/passkeys')) as { passkeys: unknown };
    expect(passkeys).toEqual([]);
    expect(await pageData(user.userId, '/settings?section=security')).toEqual({
      page: 'settings',
      section: 'security',
      loginHistory: history,
      secondFactor,
      passkeys,
    });
    // The e-mail change's mailed link opens Security.
    expect(await pageData(user.userId, '/settings?confirmEmail=abc')).toEqual({
      page: 'settings',
      section: 'security',
      loginHistory: history,
      secondFactor,
      passkeys,
    });
    expect(await pageData(user.userId, '/settings?section=developers')).toEqual({
      page: 'settings',
      section: 'developers',
      apiKeys: ((await apiAnswer(user.cookie, '/api/apiKeys')) as { apiKeys: unknown }).apiKeys,
      webhookEndpoints: ((await apiAnswer(user.cookie, '/api/webhookEndpoints')) as { endpoints: unknown }).endpoints,
    });
    for (const section of ['notifications', 'appearance']) {
      expect(await pageData(user.userId, `/settings?section=${section}`)).toEqual({ page: 'settings', section });
    }
    // Without a section, or with one that is not: Profile, which needs only the page context.
    for (const path of ['/settings', '/settings?section=profile', '/settings?section=nope']) {
      expect(await pageData(user.userId, path), path).toEqual({ page: 'settings', section: 'profile' });
    }
  });

  it('/upgrade shows a visitor the plans GET /api/options answers without a session, and a user their own plan and hold too', async () => {
    expect(await pageData(null, '/upgrade')).toEqual({
      page: 'upgrade',
      options: await apiAnswer(null, '/api/options'),
      subscription: null,
      hold: null,
    });
    const user = await senderWithCredits(0);
    const status = (await apiAnswer(user.cookie, '/api/checkSubscriptionStatus')) as { subscription: unknown };
    expect(await pageData(user.userId, '/upgrade')).toEqual({
      page: 'upgrade',
      options: await apiAnswer(user.cookie, '/api/options'),
      subscription: status.subscription,
      hold: null,
    });
    await holdANumber(user.cookie);
    const { hold } = (await apiAnswer(user.cookie, '/api/getTempNumberReservation')) as { hold: unknown };
    expect(hold).not.toBeNull();
    expect(await pageData(user.userId, '/upgrade')).toMatchObject({ page: 'upgrade', hold });
  });

  it('/transaction has the plans and the number the user holds, as GET /api/getTempNumberReservation answers it', async () => {
    const user = await senderWithCredits(0);
    expect(await pageData(user.userId, '/transaction')).toMatchObject({ page: 'transaction', hold: null });
    await holdANumber(user.cookie);
    const { hold } = (await apiAnswer(user.cookie, '/api/getTempNumberReservation')) as { hold: unknown };
    expect(hold).not.toBeNull();
    expect(await pageData(user.userId, '/transaction?plan=BASIC&term=MONTH')).toEqual({
      page: 'transaction',
      options: await apiAnswer(user.cookie, '/api/options'),
      hold,
    });
  });

  it('/dashboard reads no plan for a FREE user (the rest of its screen is in the page context)', async () => {
    const user = await senderWithCredits(0);
    expect(await pageData(user.userId, '/dashboard')).toEqual({ page: 'dashboard', subscription: null });
  });
});

describe('page data: only where a page needs it', () => {
  it('/send?contact= is the contact GET /api/contacts/{id} answers; another user’s, a missing one or a bad id fill nothing', async () => {
    const user = await senderWithCredits(0);
    const stranger = await senderWithCredits(0);
    const contact = await addContactOk(user.cookie, { name: 'Grace Page', faxNumber: '(212) 555-0112', company: 'Navy' });
    const theirs = await addContactOk(stranger.cookie, { name: 'Their Contact', faxNumber: '(212) 555-0113' });
    expect(await pageData(user.userId, `/send?contact=${contact.id}`)).toEqual({
      page: 'send',
      ...((await apiAnswer(user.cookie, `/api/contacts/${contact.id}`)) as object),
      toNumber: null,
    });
    for (const id of [theirs.id, crypto.randomUUID()]) {
      expect(await apiStatus(user.cookie, `/api/contacts/${id}`)).toBe(404);
      expect(await pageData(user.userId, `/send?contact=${id}`)).toEqual({ page: 'send', contact: null, toNumber: null });
    }
    expect(await pageData(user.userId, '/send?contact=not-an-id')).toBeNull();
    expect(await pageData(null, `/send?contact=${contact.id}`)).toBeNull();
  });

  it('/send?to= is the contact with that number, else the number alone as shown; never another user’s contact', async () => {
    const user = await senderWithCredits(0);
    const stranger = await senderWithCredits(0);
    const contact = await addContactOk(user.cookie, { name: 'Grace Page', faxNumber: '(212) 555-0114' });
    await addContactOk(stranger.cookie, { name: 'Their Contact', faxNumber: '(212) 555-0115' });
    expect(await pageData(user.userId, `/send?to=${encodeURIComponent('+12125550114')}`)).toEqual({
      page: 'send',
      contact,
      toNumber: null,
    });
    expect(await pageData(user.userId, `/send?to=${encodeURIComponent('+12125550115')}`)).toEqual({
      page: 'send',
      contact: null,
      toNumber: '(212) 555-0115',
    });
    expect(await pageData(user.userId, `/send?to=${encodeURIComponent('+44 20 7946 0958')}`)).toEqual({
      page: 'send',
      contact: null,
      toNumber: '+44 20 7946 0958',
    });
    for (const to of ['not a number', '123', '1'.repeat(200)]) expect(await pageData(user.userId, `/send?to=${to}`), to).toBeNull();
    expect(await pageData(null, '/send?to=%2B12125550114')).toBeNull();
  });

  it('reads nothing for a visitor on a signed-in page, nor for pages that need no more than the page context', async () => {
    const user = await userWithHistory();
    for (const path of [
      '/sent',
      '/inbox',
      '/trash',
      '/phonebook',
      '/settings',
      '/dashboard',
      '/transaction',
      `/faxDetails/${crypto.randomUUID()}`,
    ]) {
      expect(await pageData(null, path), path).toBeNull();
    }
    for (const path of ['/send', '/welcome', '/onboarding', '/login', '/nope', '/sent/extra', '/faxDetails', '/faxDetails/a/b']) {
      expect(await pageData(user.userId, path), path).toBeNull();
    }
  });
});

describe('the live mark (decision 033)', () => {
  it('is the first frame of every socket, and moves with each push, so a page rendered before a push reads again', async () => {
    const user = await senderWithCredits(0);
    const hub = userHubStub(env, user.userId);
    const rendered = await hub.liveMark();
    const first = await openLiveFor(user.cookie);
    expect(await first.waitForMessage((frame) => frame.startsWith('hello '))).toBe(`hello ${rendered}`);
    expect(first.messages[0]).toBe(`hello ${rendered}`);

    await addContactOk(user.cookie, { name: 'Pushed Between', faxNumber: '(212) 555-0112' });
    const moved = await hub.liveMark();
    expect(moved).not.toBe(rendered);
    const second = await openLiveFor(user.cookie);
    expect(await second.waitForMessage((frame) => frame.startsWith('hello '))).toBe(`hello ${moved}`);
  });
});

describe('page data: the pages a visitor reads before deciding (issue 29)', () => {
  it('/login and /terms carry the offer GET /api/options answers a visitor', async () => {
    const options = await apiAnswer(null, '/api/options');
    expect(await pageData(null, '/login')).toEqual({ page: 'offer', options });
    expect(await pageData(null, '/terms')).toEqual({ page: 'offer', options });
  });

  it('/privacy names the outside services this configuration uses, Cloudflare always', async () => {
    // The test run: the loopback carrier, the outbox, the local processor, the local Google stand-in.
    expect(await pageData(null, '/privacy')).toEqual({ page: 'privacy', providers: ['cloudflare'] });
  });
});

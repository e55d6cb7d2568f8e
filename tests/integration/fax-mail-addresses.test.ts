import { describe, expect, it } from 'vitest';
import { MAX_FAX_MAIL_ADDRESSES } from '../../src/common/fax-mail';
import { outboxTo } from '../support/account';
import { call, errorCode, uniqueEmail } from '../support/client';
import { insertSessionCookie, insertUser } from '../support/db';
import {
  addFaxMailAddress,
  confirmFaxMailAddress,
  faxMailSettings,
  faxMailTokenFor,
  removeFaxMailAddress,
  resendFaxMailLink,
} from '../support/fax-mail';

// Addresses for received faxes (decision 028): at most five, each confirmed by
// a single-use link mailed to it (no session needed to follow it), a new link on request within
// limits, removable; another user's address answers like a missing one.

async function user(): Promise<{ cookie: string; email: string }> {
  const row = await insertUser();
  return { cookie: await insertSessionCookie(row.id), email: row.email };
}

describe('addresses for received faxes', () => {
  it('adds an address unconfirmed and mails it a link on the public origin that confirms it once, without a session', async () => {
    const { cookie, email: accountEmail } = await user();
    const address = uniqueEmail('Office');
    const added = await addFaxMailAddress(cookie, `  ${address.toUpperCase()} `);
    expect(added.status).toBe(201);
    const { address: view } = (await added.json()) as { address: { id: string; email: string; confirmed: boolean } };
    expect(view).toMatchObject({ email: address.toLowerCase(), confirmed: false });

    const [mail] = await outboxTo(address);
    expect(mail?.subject).toBe('Confirm this address for faxes from FaxFlow');
    expect(mail?.text).toContain(`The FaxFlow account ${accountEmail} asked`);
    expect(mail?.text).toContain('http://localhost:8787/confirmFaxMail?token=');

    const token = await faxMailTokenFor(address);
    const confirmed = await confirmFaxMailAddress(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: address.toLowerCase() });
    const again = await confirmFaxMailAddress(token);
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe('INVALID_FAX_MAIL_LINK');

    const settings = await faxMailSettings(cookie);
    expect(settings).toMatchObject({ max: MAX_FAX_MAIL_ADDRESSES, faxDomain: 'fax.localhost', canSendByMail: false });
    expect(settings.addresses).toEqual([expect.objectContaining({ id: view.id, confirmed: true, confirmedAt: expect.any(Number) })]);
  });

  it('refuses a bad address, one already listed, and a sixth, even when added all at once', async () => {
    const { cookie } = await user();
    const bad = await addFaxMailAddress(cookie, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('INVALID_EMAIL');

    const answers = await Promise.all(Array.from({ length: 7 }, () => addFaxMailAddress(cookie, uniqueEmail('many'))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await errorCode(refused)).toBe('TOO_MANY_FAX_MAIL_ADDRESSES');
    const { addresses } = await faxMailSettings(cookie);
    expect(addresses).toHaveLength(MAX_FAX_MAIL_ADDRESSES);

    const duplicate = await addFaxMailAddress(cookie, addresses[0]!.email);
    expect(duplicate.status).toBe(409);
    expect(await errorCode(duplicate)).toBe('FAX_MAIL_ADDRESS_EXISTS');
  });

  it('sends the link again, ending the earlier one; not once confirmed; three mails an hour to one address', async () => {
    const { cookie } = await user();
    const address = uniqueEmail('again');
    const { address: view } = (await (await addFaxMailAddress(cookie, address)).json()) as { address: { id: string } };
    const first = await faxMailTokenFor(address);
    expect((await resendFaxMailLink(cookie, view.id)).status).toBe(202);
    const second = await faxMailTokenFor(address);
    expect(second).not.toBe(first);
    expect((await confirmFaxMailAddress(first)).status).toBe(400);

    // The add and the first resend were two mails to this address; the third is the last this hour.
    expect((await resendFaxMailLink(cookie, view.id)).status).toBe(202);
    const limited = await resendFaxMailLink(cookie, view.id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    expect((await confirmFaxMailAddress(await faxMailTokenFor(address))).status).toBe(200);
    const fresh = uniqueEmail('fresh');
    const { address: freshView } = (await (await addFaxMailAddress(cookie, fresh)).json()) as { address: { id: string } };
    expect((await confirmFaxMailAddress(await faxMailTokenFor(fresh))).status).toBe(200);
    const done = await resendFaxMailLink(cookie, freshView.id);
    expect(done.status).toBe(409);
    expect(await errorCode(done)).toBe('FAX_MAIL_ALREADY_CONFIRMED');
  });

  it("removes an address, whose link then fails; another user's address answers 404 for every call", async () => {
    const owner = await user();
    const stranger = await user();
    const address = uniqueEmail('removed');
    const { address: view } = (await (await addFaxMailAddress(owner.cookie, address)).json()) as { address: { id: string } };
    const token = await faxMailTokenFor(address);

    expect((await removeFaxMailAddress(stranger.cookie, view.id)).status).toBe(404);
    expect((await resendFaxMailLink(stranger.cookie, view.id)).status).toBe(404);
    expect((await removeFaxMailAddress(owner.cookie, view.id)).status).toBe(200);
    expect((await removeFaxMailAddress(owner.cookie, view.id)).status).toBe(404);
    expect((await faxMailSettings(owner.cookie)).addresses).toEqual([]);
    expect((await confirmFaxMailAddress(token)).status).toBe(400);
  });

  it('needs a session, this site for changes, and well-formed input', async () => {
    expect((await call('/api/faxMailAddresses')).status).toBe(401);
    expect((await addFaxMailAddress('fax_session=nothing', uniqueEmail())).status).toBe(401);
    const { cookie } = await user();
    const crossSite = await call('/api/faxMailAddresses', {
      method: 'POST',
      cookie,
      body: { email: uniqueEmail() },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await removeFaxMailAddress(cookie, 'not-a-uuid')).status).toBe(400);
    expect((await confirmFaxMailAddress('short')).status).toBe(400);
    expect((await confirmFaxMailAddress('x'.repeat(43))).status).toBe(400);
    const noBody = await call('/api/confirmFaxMailAddress', { method: 'POST', body: 'not json' });
    expect(noBody.status).toBe(400);
  });
});

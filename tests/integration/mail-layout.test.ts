import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { call, errorCode, GOOD_PASSWORD, ORIGIN, signUp, uniqueEmail } from '../support/client';
import { paragraphsMissingFromHtml, paragraphsOf, primaryButtons, visibleWords } from '../support/mail-html';
import { forgotPassword, mailTo, type OutboxMailRaw, resetPassword } from '../support/recovery';

// Issue 28, point 8: the mails the product really sends, read back from the outbox as
// /dev/outbox shows them, are HTML in the product's look that say the words of their text, with
// the button leading where the text's link does. The words of each builder: tests/unit/mail-words.test.ts.

/** The one mail to `email` whose subject starts so; throws when there is none or several. */
async function onlyMail(email: string, subject: string): Promise<OutboxMailRaw> {
  const found = (await mailTo(email)).filter((mail) => mail.subject.startsWith(subject));
  if (found.length !== 1) throw new Error(`${found.length} mails "${subject}…" to ${email}`);
  return found[0]!;
}

/** Checks the HTML against the text and answers its one button's link. */
function buttonLinkOf(mail: OutboxMailRaw, label: string): string {
  expect(mail.html).toMatch(/^<!doctype html>/);
  expect(paragraphsMissingFromHtml(mail)).toEqual([]);
  const buttons = primaryButtons(mail.html);
  expect(buttons.map((button) => button.label)).toEqual([label]);
  expect(paragraphsOf(mail.text)).toContain(buttons[0]!.link);
  expect(visibleWords(mail.html)).toContain(`paste this address into your browser: ${buttons[0]!.link}`);
  return buttons[0]!.link;
}

describe('mails in the outbox', () => {
  it("sign-up's confirmation: the button confirms the address, and the address is escaped", async () => {
    const { cookie, email } = await signUp(uniqueEmail("o'hara"));
    const mail = await onlyMail(email, 'Confirm your e-mail address');
    const link = buttonLinkOf(mail, 'Confirm my e-mail address');
    expect(link).toMatch(new RegExp(`^${ORIGIN}/dashboard\\?verifyEmail=[\\w-]+$`));
    expect(mail.html).toContain(email.replace("'", '&#39;'));
    expect(mail.html).not.toContain(email);

    const token = new URL(link).searchParams.get('verifyEmail');
    expect((await call('/api/verifyEmail', { method: 'POST', cookie, body: { token } })).status).toBe(200);
  });

  it('a password reset: the button leads to the page that takes the new password', async () => {
    const { email } = await signUp();
    expect((await forgotPassword(email)).status).toBe(202);
    const mail = await onlyMail(email, 'Reset your FaxFlow password');
    const link = buttonLinkOf(mail, 'Choose a new password');
    expect(link).toMatch(new RegExp(`^${ORIGIN}/recover\\?token=[\\w-]{43}$`));

    const token = new URL(link).searchParams.get('token')!;
    expect((await resetPassword(token, 'a brand new passphrase')).status).toBe(200);
  });

  it('a notice to the old address when the e-mail changes: the same look, no button', async () => {
    const { cookie, email } = await signUp();
    const newEmail = uniqueEmail("o'neil");
    const response = await call('/api/changeEmail', { method: 'POST', cookie, body: { currentPassword: GOOD_PASSWORD, newEmail } });
    expect(response.status).toBe(202);
    const notice = await onlyMail(email, 'Your FaxFlow e-mail is about to change');
    expect(paragraphsMissingFromHtml(notice)).toEqual([]);
    expect(primaryButtons(notice.html)).toEqual([]);
    expect(visibleWords(notice.html)).toMatch(/^FaxFlow /);
    expect(notice.html).toContain(newEmail.replace("'", '&#39;'));
    expect(notice.html).not.toContain(newEmail);
  });
});

describe('GET /dev/outbox/:id, the HTML /dev/outbox frames', () => {
  it("answers the mail's HTML under a policy that lets its inline styles in and nothing else", async () => {
    const { email } = await signUp();
    const mail = await onlyMail(email, 'Confirm your e-mail address');
    const response = await call(`/dev/outbox/${mail.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(mail.html);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/(^|; )sandbox( |;|$)/);
    expect(policy).not.toMatch(/allow-scripts|allow-same-origin|script-src/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for a mail that is not there', async () => {
    const response = await call(`/dev/outbox/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });

  it('does not exist with dev tools off: 404 NOT_FOUND', async () => {
    const { email } = await signUp();
    const mail = await onlyMail(email, 'Confirm your e-mail address');
    const response = await createApp().fetch(
      new Request(`${ORIGIN}/dev/outbox/${mail.id}`),
      // As in production: no dev tools, so Google's real key URL.
      { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' },
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('NOT_FOUND');
  });
});

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { cloudflareMailProvider } from '../../worker/mail/cloudflare';
import { withVars } from '../support/config';

// Fax by e-mail's configuration (decision 028): the fax domain and the trusted mail server, and
// Cloudflare Email Service as a mail provider, which needs its send_email binding.

describe('FAX_MAIL_DOMAIN and FAX_MAIL_AUTHSERV_ID', () => {
  it('reads a domain lower-cased, and none turns fax by e-mail off', () => {
    expect(readConfig(withVars({ FAX_MAIL_DOMAIN: 'Fax.Example.com' })).FAX_MAIL_DOMAIN).toBe('fax.example.com');
    expect(readConfig(withVars({ FAX_MAIL_DOMAIN: undefined })).FAX_MAIL_DOMAIN).toBeUndefined();
    expect(readConfig(withVars({})).FAX_MAIL_AUTHSERV_ID).toBe('mx.cloudflare.net');
  });

  it.each([['not a domain'], ['@fax.example.com'], ['fax']])('refuses %j, naming it', (value) => {
    expect(() => readConfig(withVars({ FAX_MAIL_DOMAIN: value }))).toThrow(/FAX_MAIL_DOMAIN/);
  });
});

describe('MAIL_PROVIDER=cloudflare', () => {
  it('needs the SEND_EMAIL binding', () => {
    expect(() => readConfig(withVars({ MAIL_PROVIDER: 'cloudflare' }))).toThrow(/SEND_EMAIL/);
    const binding = { send: async () => ({ messageId: 'x' }) };
    const withBinding = { ...withVars({ MAIL_PROVIDER: 'cloudflare' }), SEND_EMAIL: binding } as Env;
    expect(readConfig(withBinding).MAIL_PROVIDER).toBe('cloudflare');
  });

  it("hands the binding the builder's fields: the sender split into name and address, the attachments as they are", async () => {
    const sent: unknown[] = [];
    const binding = {
      send: async (message: unknown) => {
        sent.push(message);
        return { messageId: 'm-1' };
      },
    } as unknown as SendEmail;
    const pdf = new Uint8Array([37, 80, 68, 70]);
    await cloudflareMailProvider(binding).send(
      {
        to: 'a@example.com',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
        attachments: [{ filename: 'f.pdf', contentType: 'application/pdf', content: pdf }],
      },
      'FaxFlow <no-reply@fax.example.com>',
    );
    expect(sent).toEqual([
      {
        from: { name: 'FaxFlow', email: 'no-reply@fax.example.com' },
        to: 'a@example.com',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
        attachments: [{ disposition: 'attachment', filename: 'f.pdf', type: 'application/pdf', content: pdf }],
      },
    ]);
  });
});

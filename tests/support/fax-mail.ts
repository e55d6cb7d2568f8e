import { env } from 'cloudflare:workers';
import type { FaxMailAddressView, FaxMailSettings } from '../../src/common/fax-mail';
import worker from '../../worker/app';
import { outboxTo } from './account';
import { call, uniqueEmail } from './client';
import { insertSessionCookie, insertUser } from './db';
import { setSendCredits } from './faxes';

// Addresses for received faxes (decision 028), as the settings page and the confirmation page call them.

export async function faxMailSettings(cookie: string): Promise<FaxMailSettings> {
  const response = await call('/api/faxMailAddresses', { cookie });
  if (response.status !== 200) throw new Error(`GET /api/faxMailAddresses answered ${response.status}`);
  return (await response.json()) as FaxMailSettings;
}

export function addFaxMailAddress(cookie: string, email: unknown): Promise<Response> {
  return call('/api/faxMailAddresses', { method: 'POST', cookie, body: { email } });
}

export function resendFaxMailLink(cookie: string, addressId: string): Promise<Response> {
  return call(`/api/faxMailAddresses/${addressId}/resend`, { method: 'POST', cookie });
}

export function removeFaxMailAddress(cookie: string, addressId: string): Promise<Response> {
  return call(`/api/faxMailAddresses/${addressId}`, { method: 'DELETE', cookie });
}

export function confirmFaxMailAddress(token: string, cookie: string | null = null): Promise<Response> {
  return call('/api/confirmFaxMailAddress', { method: 'POST', cookie, body: { token } });
}

/** The token of the newest confirmation link mailed to `email`. */
export async function faxMailTokenFor(email: string): Promise<string> {
  const mail = (await outboxTo(email)).find((m) => m.subject.startsWith('Confirm this address for faxes'));
  const token = mail ? /\/confirmFaxMail\?token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

/** Adds `email` for the user and follows its link: the address is confirmed. */
export async function confirmedFaxMailAddress(cookie: string, email: string): Promise<FaxMailAddressView> {
  const added = await addFaxMailAddress(cookie, email);
  if (added.status !== 201) throw new Error(`adding ${email} answered ${added.status} ${await added.text()}`);
  const confirmed = await confirmFaxMailAddress(await faxMailTokenFor(email));
  if (confirmed.status !== 200) throw new Error(`confirming ${email} answered ${confirmed.status}`);
  const settings = await faxMailSettings(cookie);
  return settings.addresses.find((address) => address.email === email.toLowerCase())!;
}

export interface Sender {
  userId: string;
  cookie: string;
  /** The confirmed address mails come from. */
  address: string;
  accountEmail: string;
}

/** A user with a plan and 20 send credits, and an address confirmed for received faxes (which may send faxes). */
export async function confirmedSender({ plan = 'PAID' as 'PAID' | 'FREE', credits = 20 } = {}): Promise<Sender> {
  const user = await insertUser();
  await env.DB.prepare('UPDATE users SET subscription_type = ? WHERE id = ?').bind(plan, user.id).run();
  await setSendCredits(user.id, credits, 0);
  const cookie = await insertSessionCookie(user.id);
  const address = uniqueEmail('sender').replace('@example.com', '@mail.example.org');
  await confirmedFaxMailAddress(cookie, address);
  return { userId: user.id, cookie, address, accountEmail: user.email };
}

// ---- Mail to a fax address, as Cloudflare Email Routing hands it to the Worker's email() handler.

export const FAX_DOMAIN = 'fax.localhost';

export interface MailFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  /** `inline` with a Content-ID inside multipart/related: what an HTML signature's logo is. */
  inlineLogo?: boolean;
}

export interface RawMailFields {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  files?: MailFile[];
  /** The receiving server's verdict, topmost; null for none. Default: DMARC pass for the From domain. */
  authResults?: string | null;
  /** Headers written above everything else, as the sender wrote them (e.g. a forged verdict). */
  extraHeaders?: string[];
  messageId?: string;
  date?: string;
}

function base64Lines(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return (btoa(binary).match(/.{1,76}/g) ?? []).join('\r\n');
}

/** A raw RFC 5322 mail: text, then each file base64-encoded in a multipart/mixed. */
export function rawMail(fields: RawMailFields): string {
  const domain = fields.from.replace(/^.*@/, '');
  const verdict =
    fields.authResults === undefined
      ? `mx.cloudflare.net; dkim=pass header.d=${domain} header.s=s1; dmarc=pass header.from=${domain} policy.dmarc=reject; spf=pass smtp.mailfrom=${fields.from}`
      : fields.authResults;
  const boundary = `b-${crypto.randomUUID()}`;
  const head = [
    ...(verdict === null ? [] : [`Authentication-Results: ${verdict}`]),
    `Received: from mail.${domain} by mx.cloudflare.net`,
    ...(fields.extraHeaders ?? []),
    `From: Ada Lovelace <${fields.from}>`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject ?? ''}`,
    `Date: ${fields.date ?? new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${fields.messageId ?? `<${crypto.randomUUID()}@${domain}>`}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ];
  const parts = [`--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${fields.text ?? ''}`];
  for (const file of fields.files ?? []) {
    const disposition = file.inlineLogo ? 'inline' : 'attachment';
    parts.push(
      [
        `--${boundary}`,
        `Content-Type: ${file.contentType}; name="${file.filename}"`,
        `Content-Disposition: ${disposition}; filename="${file.filename}"`,
        ...(file.inlineLogo ? ['Content-ID: <logo@mail>'] : []),
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(file.bytes),
      ].join('\r\n'),
    );
  }
  return `${head.join('\r\n')}\r\n\r\n${parts.join('\r\n')}\r\n--${boundary}--\r\n`;
}

export interface Delivery {
  /** The reason given to setReject, or null when the mail was taken. */
  rejected: string | null;
}

/**
 * Hands a mail to the Worker's email() handler as Email Routing does: envelope from and to, the raw
 * bytes as a stream and their size, and setReject. `rawSize` may claim another size. A string is
 * sent as UTF-8; bytes (a real mail in any charset) as they are.
 */
export async function deliverMail(raw: string | Uint8Array, envelope: { from: string; to: string; rawSize?: number }): Promise<Delivery> {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  const delivery: Delivery = { rejected: null };
  const message = {
    from: envelope.from,
    to: envelope.to,
    rawSize: envelope.rawSize ?? bytes.byteLength,
    raw: new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.byteLength; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
        controller.close();
      },
    }),
    headers: new Headers(),
    canBeForwarded: false,
    setReject(reason: string) {
      delivery.rejected = reason;
    },
    forward: () => Promise.reject(new Error('not forwarded in tests')),
    reply: () => Promise.reject(new Error('not replied in tests')),
  } as unknown as ForwardableEmailMessage;
  await worker.email(message, env);
  return delivery;
}

/** A mail from `from` to `<number>@fax.localhost`, delivered. */
export function mailFax(fields: Omit<RawMailFields, 'to'> & { number: string }, envelopeFrom = fields.from): Promise<Delivery> {
  const to = `${fields.number.replace(/\D/g, '')}@${FAX_DOMAIN}`;
  return deliverMail(rawMail({ ...fields, to }), { from: envelopeFrom, to });
}

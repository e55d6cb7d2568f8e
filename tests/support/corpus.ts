import { env } from 'cloudflare:workers';
import { addressParser } from 'postal-mime';
import { decodeContactFile, detectContactFileFormat } from '../../src/common/contact-rules';
import type { ContactImportReport } from '../../src/common/contacts';
import type { StoredFileView } from '../../src/common/uploads';
import { outboxTo } from './account';
import { call } from './client';
import { insertSessionCookie, insertUser } from './db';
import { completeUpload, openUpload, postFile, sendRange } from './documents';
import { deliverMail, FAX_DOMAIN } from './fax-mail';
import { setSendCredits } from './faxes';
import { storeSql } from './user-store';

// Running the real-world corpus (tests/fixtures/real-world/) through the product's own paths: each
// kind of file answers what a person would see of it, in the shape manifest.json records.

interface Entry<Expect> {
  file: string;
  /** Where the file comes from: repository and path (or "generated": generate.mjs wrote it). */
  source: string;
  licence: string;
  /** What the file is, in a few words: its producer, client or program. */
  what: string;
  /** null while the file is being added: the test prints what the product made of it. */
  expect: Expect | null;
}

export type PdfExpect = { pages: number; decrypted?: true } | { refused: string };
export type ContactsExpect = { good: number; bad: number; changed: number; numbers: string[]; problems: string[] } | { refused: string };
export type MailExpect = { faxed: number } | { refused: string } | { rejected: string } | { duplicate: true };
export type WebhookExpect = { status: number; result?: string };

export interface CorpusManifest {
  about: string;
  pdf: Entry<PdfExpect>[];
  contacts: Entry<ContactsExpect>[];
  mail: Entry<MailExpect>[];
  webhooks: Entry<WebhookExpect>[];
}

export function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

/** A signed-in user with a plan and credits enough for the whole corpus. */
export async function corpusUser(): Promise<{ userId: string; cookie: string }> {
  const user = await insertUser();
  await env.DB.prepare("UPDATE users SET subscription_type = 'PAID' WHERE id = ?").bind(user.id).run();
  await setSendCredits(user.id, 5000, 0);
  return { userId: user.id, cookie: await insertSessionCookie(user.id) };
}

/** A PDF uploaded in one request: its pages, or the refusal's code. */
export async function uploadPdf(
  cookie: string,
  name: string,
  bytes: Uint8Array,
): Promise<{ outcome: PdfExpect; file: StoredFileView | null }> {
  const response = await postFile(cookie, bytes, name);
  const body = (await response.json()) as StoredFileView & { error?: { code: string } };
  if (response.status !== 201) return { outcome: { refused: body.error?.code ?? String(response.status) }, file: null };
  return { outcome: { pages: body.pageCount }, file: body };
}

/** The same PDF through a resumable upload (its decrypted copy goes through R2): the stored MD5. */
export async function uploadPdfInParts(cookie: string, name: string, bytes: Uint8Array): Promise<string> {
  const upload = await openUpload(cookie, bytes.byteLength, name);
  await sendRange(cookie, upload, bytes, 0, bytes.byteLength, 256 * 1024);
  const response = await completeUpload(cookie, upload.uploadId);
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`completing ${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as StoredFileView).md5Hash;
}

/** A contact file as the phonebook page reads it (decoded, its format told), previewed, then imported. */
export async function importContactFile(name: string, bytes: Uint8Array): Promise<ContactsExpect> {
  const cookie = await insertSessionCookie((await insertUser()).id);
  const text = decodeContactFile(bytes);
  const body = { format: detectContactFileFormat(name, text), text };
  const preview = await call('/api/previewContactImport', { method: 'POST', cookie, body });
  if (preview.status !== 200) return { refused: ((await preview.json()) as { error: { code: string } }).error.code };
  const report = (await preview.json()) as ContactImportReport;
  const imported = (await (await call('/api/importContacts', { method: 'POST', cookie, body })).json()) as ContactImportReport;
  if (imported.imported !== report.good) throw new Error(`${name}: previewed ${report.good} good rows, imported ${imported.imported}`);
  return {
    good: report.good,
    bad: report.bad,
    changed: report.rows.filter((row) => row.ok && row.notice).length,
    numbers: report.rows.flatMap((row) => (row.ok ? [row.contact.faxNumber] : [])),
    problems: report.rows.flatMap((row) => (row.ok ? [] : [row.code])),
  };
}

const DELIVERED_NUMBER = '3125550100';

/** The account whose own, verified e-mail a mail's From is: one per address, met again by later mails from it. */
const senders = new Map<string, string>();

async function accountOf(address: string): Promise<string> {
  let userId = senders.get(address);
  if (!userId) {
    userId = (await insertUser({ email: address, verified: true })).id;
    await env.DB.prepare("UPDATE users SET subscription_type = 'PAID' WHERE id = ?").bind(userId).run();
    await setSendCredits(userId, 5000, 0);
    senders.set(address, userId);
  }
  return userId;
}

async function sentFaxes(userId: string): Promise<{ page_count: number }[]> {
  return storeSql<{ page_count: number }>(userId, "SELECT page_count FROM faxes WHERE direction = 'SEND' ORDER BY start DESC, rowid DESC");
}

/**
 * A mail as Email Routing hands it over, from the verified e-mail of an account with a plan: the
 * receiving server's verdict for its From domain on top, as Cloudflare adds it. Answers the pages
 * faxed, the reason mailed back, or the reason given at SMTP.
 */
export async function mailToFax(raw: Uint8Array): Promise<MailExpect> {
  const head = new TextDecoder('latin1').decode(raw).split(/\r?\n\r?\n/)[0] ?? '';
  const fromHeader = /^From:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const [first] = addressParser(fromHeader.replace(/\r?\n/g, ''));
  const from = (first && !first.group ? first.address : '').toLowerCase();
  const userId = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(from) ? await accountOf(from) : null;
  const before = userId ? (await sentFaxes(userId)).length : 0;
  const refusalsBefore = from ? (await outboxTo(from)).length : 0;
  const domain = from.replace(/^.*@/, '');
  const verdict = new TextEncoder().encode(
    `Authentication-Results: mx.cloudflare.net; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}\r\n`,
  );
  const delivery = await deliverMail(new Uint8Array([...verdict, ...raw]), {
    from: from || 'unknown@example.com',
    to: `${DELIVERED_NUMBER}@${FAX_DOMAIN}`,
  });
  if (delivery.rejected) return { rejected: delivery.rejected };
  const faxes = userId ? await sentFaxes(userId) : [];
  if (faxes.length > before) return { faxed: faxes[0]!.page_count };
  const mails = await outboxTo(from);
  const refusal = mails.slice(0, mails.length - refusalsBefore).find((mail) => mail.subject.includes('was not sent'));
  // Neither faxed nor refused nor turned away: the same mail (sender and Message-ID) came before.
  if (!refusal) return { duplicate: true };
  return {
    refused:
      refusal.text
        .split('\n')
        .find((line) => line.trim() && !line.startsWith('We could not fax'))
        ?.trim() ?? refusal.text,
  };
}

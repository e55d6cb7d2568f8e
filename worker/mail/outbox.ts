import { getDb } from '../db/client';
import { findOutboxMail, insertOutboxMail, listOutboxMail } from '../db/queries/outbox';
import type { OutboxRow } from '../db/schema';
import type { MailMessage, MailProvider } from './message';

/** What the outbox keeps of attachments: their names, types and sizes, never the bytes (D1 rows stay small). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/**
 * Development and tests: mail is kept in the outbox table and read at /dev/outbox. It takes the
 * same attachment limit as Resend, so a local run attaches what production would.
 */
export function outboxProvider(env: Env): MailProvider {
  return {
    maxAttachmentBytes: 10 * 1024 * 1024,
    async send(message: MailMessage): Promise<void> {
      const attachments: OutboxAttachment[] = (message.attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        size: file.content.byteLength,
      }));
      await insertOutboxMail(
        getDb(env),
        { to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: JSON.stringify(attachments) },
        Date.now(),
      );
    },
  };
}

/** Newest first; all mail, or the mail sent to one address. */
export async function listOutbox(env: Env, to?: string, limit = 50): Promise<OutboxRow[]> {
  return listOutboxMail(getDb(env), to, limit);
}

/** One mail of the outbox, or null. */
export async function readOutbox(env: Env, id: string): Promise<OutboxRow | null> {
  return findOutboxMail(getDb(env), id);
}

import { getDb } from '../db/client';
import { insertOutboxMail, listOutboxMail } from '../db/queries/outbox';
import type { OutboxRow } from '../db/schema';
import type { MailMessage, MailProvider } from './message';

/** Development and tests: mail is kept in the outbox table and read at /dev/outbox. */
export function outboxProvider(env: Env): MailProvider {
  return {
    async send(message: MailMessage): Promise<void> {
      await insertOutboxMail(getDb(env), message, Date.now());
    },
  };
}

/** Newest first; all mail, or the mail sent to one address. */
export async function listOutbox(env: Env, to?: string, limit = 50): Promise<OutboxRow[]> {
  return listOutboxMail(getDb(env), to, limit);
}

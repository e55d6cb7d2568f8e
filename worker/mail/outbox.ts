import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { outbox, type OutboxRow } from '../db/schema';
import type { MailMessage, MailProvider } from './message';

/** Development and tests: mail is kept in the outbox table and read at /dev/outbox. */
export function outboxProvider(env: Env): MailProvider {
  return {
    async send(message: MailMessage): Promise<void> {
      await getDb(env)
        .insert(outbox)
        .values({ id: crypto.randomUUID(), ...message, createdAt: Date.now() });
    },
  };
}

/** Newest first; all mail, or the mail sent to one address. */
export async function listOutbox(env: Env, to?: string, limit = 50): Promise<OutboxRow[]> {
  const query = getDb(env).select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  return to ? query.where(eq(outbox.to, to.toLowerCase())) : query;
}

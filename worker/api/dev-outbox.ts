import { Hono } from 'hono';
import { z } from 'zod';
import type { DevOutboxResponse, OutboxMail } from '../../src/common/outbox';
import type { AppEnv } from '../http/app-env';
import { requireDevTools } from '../http/dev-tools';
import { validate } from '../http/validate';
import { listOutbox } from '../mail/outbox';

const attachmentsSchema = z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() }));

/** The outbox row's attachment list; a row written before the column existed has none. */
function parseAttachments(json: string): OutboxMail['attachments'] {
  try {
    return attachmentsSchema.parse(JSON.parse(json));
  } catch {
    return [];
  }
}

const outboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });

// Development only (404 with dev tools off): the mail the local outbox provider kept, for
// /dev/outbox and tests.
export const devOutboxApi = new Hono<AppEnv>().get('/devOutbox', requireDevTools, validate('query', outboxQuerySchema), async (c) => {
  const rows = await listOutbox(c.env, c.req.valid('query').to || undefined);
  const mail = rows.map(({ id, to, subject, text, html, attachments, createdAt }) => ({
    id,
    to,
    subject,
    text,
    html,
    attachments: parseAttachments(attachments),
    createdAt,
  }));
  return c.json({ mail } satisfies DevOutboxResponse, 200);
});

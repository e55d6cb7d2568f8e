import { Hono } from 'hono';
import { z } from 'zod';
import type { DevOutboxResponse, OutboxMail } from '../../src/common/outbox';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { requireDevTools } from '../http/dev-tools';
import { validate } from '../http/validate';
import { listOutbox, readOutbox } from '../mail/outbox';

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

const mailIdSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * Mounted at /dev/outbox, outside /api: one mail's HTML as its own document, which /dev/outbox
 * frames. A srcdoc frame would inherit the page's policy and lose every inline style the mail is
 * drawn with; this document gets a policy of its own (worker/http/security-headers.ts) that lets
 * those styles in and nothing else: no scripts, no loads, sandboxed, framed by this site only.
 */
export const devOutboxMailDocument = new Hono<AppEnv>().get('/:id', requireDevTools, validate('param', mailIdSchema), async (c) => {
  const mail = await readOutbox(c.env, c.req.valid('param').id);
  if (!mail) throw new ApiError(404, 'NOT_FOUND');
  return c.html(mail.html, 200, { 'Cache-Control': 'no-store' });
});

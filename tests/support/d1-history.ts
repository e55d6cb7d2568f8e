import { env } from 'cloudflare:workers';

// A fax history as D1 held it before each user's store did (decision 023): the starting point of
// the one-time copy. Written straight into D1's old tables, since no path of the product writes
// them any more. Each fax is one of the shapes real sends and receives left there.

const SHAPES = ['delivered', 'refunded', 'retried', 'received-unread', 'received-partial', 'receive-failed', 'trashed'] as const;
type Shape = (typeof SHAPES)[number];

const COVER = JSON.stringify({ toName: 'Ada', subject: 'Contract', message: 'Signed copy attached.' });

interface Statements {
  fax: unknown[];
  attempts: unknown[][];
  events: unknown[][];
}

function faxOf(shape: Shape, faxId: string, start: number): Statements {
  const sent = !shape.startsWith('receive');
  const end = start + 90_000;
  const base = {
    direction: sent ? 'SEND' : 'RECEIVE',
    remote: sent ? '+12125550123' : '+14155550100',
    local: sent ? null : '+17735550199',
    pages: 3,
    fileId: sent ? crypto.randomUUID() : null,
    fileName: sent ? 'contract.pdf' : null,
    documentKey: `users/x/faxes/${faxId}.pdf`,
    cover: sent && shape === 'delivered' ? COVER : null,
  };
  const row = (status: string, fields: Partial<Record<string, unknown>>) => [
    faxId,
    base.direction,
    status,
    base.remote,
    base.local,
    base.pages,
    fields.pagesSent ?? 0,
    base.fileId,
    base.fileName,
    base.documentKey,
    base.cover,
    fields.attempt ?? 0,
    fields.failureReason ?? null,
    fields.chargedDefault ?? 3,
    fields.chargedPaid ?? 0,
    fields.refunded ?? 0,
    start,
    end,
    fields.completed === undefined ? end : fields.completed,
    fields.read ?? 1,
    fields.trashedAt ?? null,
    fields.partial ?? 0,
    fields.uncovered ?? 0,
  ];
  const event = (at: number, attempt: number, kind: string, pagesSent: number | null = null, reason: string | null = null) => [
    crypto.randomUUID(),
    faxId,
    at,
    attempt,
    kind,
    pagesSent,
    reason,
  ];
  const attempt = (n: number, status: string, pagesSent: number, reason: string | null) => [
    faxId,
    n,
    'telnyx',
    `c-${faxId}-${n}`,
    status,
    pagesSent,
    reason,
    start + n * 1000,
    start + n * 1000 + 500,
  ];
  switch (shape) {
    case 'delivered':
    case 'trashed':
      return {
        fax: row('DELIVERED', { attempt: 1, pagesSent: 3, trashedAt: shape === 'trashed' ? end : null }),
        attempts: [attempt(1, 'DELIVERED', 3, null)],
        events: [event(start, 0, 'QUEUED'), event(start + 1, 1, 'SENDING'), event(end, 1, 'DELIVERED', 3)],
      };
    case 'refunded':
      return {
        fax: row('FAILED', { attempt: 1, failureReason: 'NOT_A_FAX_MACHINE', chargedDefault: 1, chargedPaid: 2, refunded: 3 }),
        attempts: [attempt(1, 'FAILED', 0, 'NOT_A_FAX_MACHINE')],
        events: [
          event(start, 0, 'QUEUED'),
          event(start + 1, 1, 'SENDING'),
          event(end, 1, 'FAILED', 0, 'NOT_A_FAX_MACHINE'),
          event(end, 1, 'REFUNDED'),
        ],
      };
    case 'retried':
      return {
        fax: row('DELIVERED', { attempt: 2, pagesSent: 3 }),
        attempts: [attempt(1, 'FAILED', 0, 'BUSY'), attempt(2, 'DELIVERED', 3, null)],
        events: [
          event(start, 0, 'QUEUED'),
          event(start + 1, 1, 'SENDING'),
          event(start + 2, 1, 'FAILED', 0, 'BUSY'),
          event(start + 2, 1, 'RETRY_SCHEDULED'),
          event(start + 3, 2, 'SENDING'),
          event(end, 2, 'DELIVERED', 3),
        ],
      };
    case 'received-unread':
      return {
        fax: row('RECEIVED', { pagesSent: 3, read: 0 }),
        attempts: [],
        events: [event(start, 0, 'RECEIVING'), event(end, 0, 'RECEIVED', 3)],
      };
    case 'received-partial':
      return {
        fax: row('RECEIVED', { pagesSent: 2, chargedDefault: 1, partial: 1, uncovered: 1, read: 0 }),
        attempts: [],
        events: [event(start, 0, 'RECEIVING'), event(end, 0, 'RECEIVED', 2)],
      };
    case 'receive-failed':
      return {
        fax: row('FAILED', { failureReason: 'CARRIER_ERROR', chargedDefault: 0 }),
        attempts: [],
        events: [event(start, 0, 'RECEIVING'), event(end, 0, 'FAILED', 0, 'CARRIER_ERROR')],
      };
  }
}

/** Writes `count` faxes of every shape in turn, a minute apart, ending a minute before `now`. */
export async function seedD1History(userId: string, count: number, now = Date.now()): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    const faxId = crypto.randomUUID();
    const { fax, attempts, events } = faxOf(SHAPES[i % SHAPES.length]!, faxId, now - (count - i) * 60_000);
    statements.push(
      env.DB.prepare(
        `INSERT INTO faxes (id, user_id, direction, status, remote_number, local_number, page_count, pages_sent, file_id,
           file_name, document_key, cover_page, attempt, failure_reason, charged_default, charged_paid, refunded, start,
           updated, completed, read, trashed_at, partial, uncovered_pages)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(fax[0], userId, ...fax.slice(1)),
    );
    for (const a of attempts) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO fax_attempts (fax_id, attempt, carrier, carrier_fax_id, status, pages_sent, failure_reason, started_at, ended_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(...a),
      );
    }
    for (const e of events) {
      statements.push(
        env.DB.prepare('INSERT INTO fax_events (id, fax_id, at, attempt, kind, pages_sent, reason) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(
          ...e,
        ),
      );
    }
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
}

/** The balance and lifetime counts as D1's users row held them. */
export async function setD1Credits(
  userId: string,
  credits: {
    sendDefault: number;
    sendPaid: number;
    receiveDefault: number;
    receivePaid: number;
    lifetimeSend: number;
    lifetimeReceive: number;
  },
): Promise<void> {
  await env.DB.prepare(
    `UPDATE users SET default_credits_send = ?, paid_credits_send = ?, default_credits_receive = ?, paid_credits_receive = ?,
       lifetime_send_count = ?, lifetime_receive_count = ? WHERE id = ?`,
  )
    .bind(
      credits.sendDefault,
      credits.sendPaid,
      credits.receiveDefault,
      credits.receivePaid,
      credits.lifetimeSend,
      credits.lifetimeReceive,
      userId,
    )
    .run();
}

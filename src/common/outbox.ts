// GET /api/devOutbox (development only): the mail the local outbox provider kept, newest first.

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What was attached: names, types and sizes (the outbox keeps no bytes). */
  attachments: { filename: string; contentType: string; size: number }[];
  /** Epoch milliseconds. */
  createdAt: number;
}

export interface DevOutboxResponse {
  mail: OutboxMail[];
}

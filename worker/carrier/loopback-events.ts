import { z } from 'zod';
import { FAX_FAILURE_REASONS } from '../../src/common/faxes';
import { LOOPBACK_EVENT_TYPES } from './loopback-plan';
import type { CarrierEvent } from './types';

// The loopback network's webhook body: its own small format, signed like Telnyx's (signature.ts)
// and read through the same path a real carrier's webhook takes.

export const loopbackWebhookSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(LOOPBACK_EVENT_TYPES),
  occurredAt: z.number().int(),
  carrierFaxId: z.string().min(1).max(200),
  reference: z.object({ faxId: z.string().min(1), attempt: z.number().int().min(1) }).nullable(),
  pagesSent: z.number().int().min(0).nullable(),
  failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  // fax.received only: the call as the receiving side sees it.
  inbound: z.object({ from: z.string().nullable(), to: z.string().min(1), pageCount: z.number().int().min(1), mediaKey: z.string().min(1) }).nullable(),
});

export type LoopbackWebhook = z.infer<typeof loopbackWebhookSchema>;

const STATUS = {
  'fax.queued': 'QUEUED',
  'fax.media.processed': 'QUEUED',
  'fax.sending.started': 'SENDING',
  'fax.page.sent': 'SENDING',
  'fax.delivered': 'DELIVERED',
  'fax.failed': 'FAILED',
} as const;

/** The carrier events of a verified loopback webhook body; null when it is not one. */
export function parseLoopbackWebhook(body: unknown): CarrierEvent[] | null {
  const parsed = loopbackWebhookSchema.safeParse(body);
  if (!parsed.success) return null;
  const w = parsed.data;
  if (w.type === 'fax.received') {
    if (!w.inbound) return null;
    return [
      {
        kind: 'inbound.received',
        eventId: w.id,
        carrierFaxId: w.carrierFaxId,
        occurredAt: w.occurredAt,
        from: w.inbound.from,
        to: w.inbound.to,
        pageCount: w.inbound.pageCount,
        media: { r2Key: w.inbound.mediaKey },
      },
    ];
  }
  return [
    {
      kind: 'outbound.status',
      eventId: w.id,
      carrierFaxId: w.carrierFaxId,
      reference: w.reference,
      occurredAt: w.occurredAt,
      status: STATUS[w.type],
      pagesSent: w.pagesSent,
      failureReason: w.type === 'fax.failed' ? (w.failureReason ?? 'CARRIER_ERROR') : null,
    },
  ];
}

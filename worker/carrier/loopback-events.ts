import { z } from 'zod';
import { FAX_FAILURE_REASONS } from '../../src/common/faxes';
import { LOOPBACK_EVENT_TYPES, type LoopbackEventType } from './loopback-plan';
import type { CarrierEvent } from './types';

// The loopback network's webhook body: its own small format, signed like Telnyx's (signature.ts)
// and read through the same path a real carrier's webhook takes.

/** Events only the receiving side of a call gets (a fax.failed is the receiver's when `inbound` is set). */
const RECEIVER_ONLY: readonly LoopbackEventType[] = ['fax.receiving.started', 'fax.media.processing.started', 'fax.received'];

export const loopbackWebhookSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.enum(LOOPBACK_EVENT_TYPES),
    occurredAt: z.number().int(),
    carrierFaxId: z.string().min(1).max(200),
    reference: z
      .object({
        faxId: z.string().min(1),
        attempt: z.number().int().min(1),
        owner: z.object({ userId: z.string().min(1).max(64), signature: z.string().min(1).max(100) }).optional(),
      })
      .nullable(),
    pagesSent: z.number().int().min(0).nullable(),
    failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
    // Receiving side only: the call as the receiving number sees it. Pages received so far and the
    // media's R2 key, when the event has them (fax.received always does).
    inbound: z
      .object({
        from: z.string().nullable(),
        to: z.string().min(1),
        pageCount: z.number().int().min(0).optional(),
        mediaKey: z.string().min(1).optional(),
      })
      .nullable(),
  })
  .refine((w) => !RECEIVER_ONLY.includes(w.type) || w.inbound !== null, { message: 'A receiving-side event needs `inbound`' })
  .refine((w) => w.type !== 'fax.received' || (w.inbound?.mediaKey !== undefined && (w.inbound.pageCount ?? 0) >= 1), {
    message: 'A received fax needs its media and pages',
  })
  .refine((w) => w.inbound === null || RECEIVER_ONLY.includes(w.type) || w.type === 'fax.failed', {
    message: 'A sending-side event has no `inbound`',
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
  if (w.inbound) {
    const { from, to, pageCount, mediaKey } = w.inbound;
    const call = { eventId: w.id, carrierFaxId: w.carrierFaxId, occurredAt: w.occurredAt, from, to };
    const media = mediaKey === undefined ? null : { r2Key: mediaKey };
    if (w.type === 'fax.received') return [{ kind: 'inbound.received', ...call, pageCount: pageCount!, media: media! }];
    if (w.type === 'fax.failed') {
      return [{ kind: 'inbound.failed', ...call, failureReason: w.failureReason ?? 'CARRIER_ERROR', pagesReceived: pageCount ?? 0, media }];
    }
    return [{ kind: 'inbound.started', ...call, pagesReceived: pageCount ?? null }];
  }
  // The schema lets only sending-side types through without `inbound`.
  const type = w.type as keyof typeof STATUS;
  return [
    {
      kind: 'outbound.status',
      eventId: w.id,
      carrierFaxId: w.carrierFaxId,
      reference: w.reference,
      occurredAt: w.occurredAt,
      status: STATUS[type],
      pagesSent: w.pagesSent,
      failureReason: w.type === 'fax.failed' ? (w.failureReason ?? 'CARRIER_ERROR') : null,
    },
  ];
}

import { z } from 'zod';
import type { FaxFailureReason } from '../../src/common/faxes';
import { toE164 } from '../../src/common/phone';
import { decodeAttemptRef } from './attempt-ref';
import type { CarrierEvent } from './types';

// Telnyx Programmable Fax webhooks, turned into our carrier events. Shapes from Telnyx's docs:
// "Receiving Webhooks for Programmable Fax" (https://developers.telnyx.com/docs/programmable-fax/receiving-webhooks):
// `{ data: { event_type, id, occurred_at, record_type: 'event', payload: { fax_id, connection_id,
// direction, from, to, status, page_count, failure_reason, client_state, … } }, meta: { attempt,
// delivered_to } }` for fax.queued, fax.media.processed, fax.sending.started, fax.delivered and
// fax.failed; and "Receive a Fax via API" (…/docs/programmable-fax/receive-a-fax-api) for
// fax.received (`media_url`, a signed link valid for minutes, `page_count`, `from`, `to`), which a
// fax to one of our numbers announces with fax.receiving.started and fax.media.processing.started,
// or ends with fax.failed (`direction: 'inbound'`). An inbound fax cut short may still carry the
// pages that arrived in `media_url` (Telnyx's `partial_content`).

/** A Telnyx fax event's `payload`: the fields we read (exported for the fuzz's generated webhooks). */
export const telnyxPayloadSchema = z.object({
  fax_id: z.string().min(1),
  direction: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
  status: z.string().nullish(),
  page_count: z.number().int().min(0).nullish(),
  failure_reason: z.string().nullish(),
  media_url: z.string().nullish(),
  client_state: z.string().nullish(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  occurred_at: z.string().nullish(),
  payload: z.unknown(),
});

// The docs show the event wrapped in `data` (what Telnyx sends) and, in older examples, bare.
const envelopeSchema = z.union([z.object({ data: eventSchema }).transform((body) => body.data), eventSchema]);

/**
 * Telnyx's `failure_reason` values (the list in the receiving-webhooks page and Telnyx's "Fax API -
 * Error List", https://support.telnyx.com/en/articles/4967498-programmable-fax-errors) in our words.
 * Anything unlisted, or new, is a carrier error: retried, never blamed on the user.
 */
const FAILURE_REASONS: Record<string, FaxFailureReason> = {
  user_busy: 'BUSY',
  receiver_no_answer: 'NO_ANSWER',
  receiver_no_response: 'NO_ANSWER',
  // Answered, but no fax tones: a voice line or a person.
  fax_initial_communication_timeout: 'NOT_A_FAX_MACHINE',
  receiver_incompatible_destination: 'NOT_A_FAX_MACHINE',
  destination_invalid: 'INVALID_NUMBER',
  receiver_invalid_number_format: 'INVALID_NUMBER',
  receiver_unallocated_number: 'INVALID_NUMBER',
  // The call broke off during the handshake or between pages.
  receiver_call_dropped: 'LINE_DROPPED',
  fax_signaling_error: 'LINE_DROPPED',
  invalid_ecm_response_from_receiver: 'LINE_DROPPED',
  receiver_decline: 'REJECTED',
  rejected: 'REJECTED',
  file_format_invalid: 'DOCUMENT_UNREADABLE',
  file_size_limit_exceeded: 'DOCUMENT_UNREADABLE',
  page_count_limit_exceeded: 'DOCUMENT_UNREADABLE',
  media_processing_exception: 'DOCUMENT_UNREADABLE',
  // The account may not call there: another try would be refused the same way (and charged a wait).
  destination_not_in_countries_whitelist: 'DESTINATION_NOT_ALLOWED',
  destination_not_in_service_plan: 'DESTINATION_NOT_ALLOWED',
  unverified_destination_not_allowed: 'DESTINATION_NOT_ALLOWED',
  // Also carrier errors (account, limits, routing): account_disabled, connection_channel_limit_exceeded,
  // destination_unreachable, file_download_failed, no_outbound_profile,
  // outbound_profile_channel_limit_exceeded, outbound_profile_daily_spend_limit_exceeded,
  // receiver_communication_error, receiver_recovery_on_timer_expire, service_unavailable,
  // unverified_origination_number, user_channel_limit_exceeded.
};

export function mapTelnyxFailureReason(reason: string | null | undefined): FaxFailureReason {
  return (reason && Object.hasOwn(FAILURE_REASONS, reason) && FAILURE_REASONS[reason]) || 'CARRIER_ERROR';
}

const OUTBOUND_STATUS: Record<string, 'QUEUED' | 'SENDING' | 'DELIVERED' | 'FAILED'> = {
  'fax.queued': 'QUEUED',
  'fax.media.processed': 'QUEUED',
  'fax.sending.started': 'SENDING',
  'fax.delivered': 'DELIVERED',
  'fax.failed': 'FAILED',
};

const INBOUND_STARTED = new Set(['fax.receiving.started', 'fax.media.processing.started']);

/** Every Telnyx fax event type we act on. */
export const TELNYX_EVENT_TYPES = [...Object.keys(OUTBOUND_STATUS), ...INBOUND_STARTED, 'fax.received'];

/** A caller id in E.164, or null when withheld ("anonymous", "Restricted", "") or not a number. */
function readNumber(raw: string | null | undefined): string | null {
  return raw ? toE164(raw) : null;
}

/** The events of a verified Telnyx webhook body; null when it is not Telnyx's envelope. */
export function parseTelnyxWebhook(body: unknown, nowMs = Date.now()): CarrierEvent[] | null {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return null;
  const { id, event_type: type, occurred_at } = envelope.data;
  const status = OUTBOUND_STATUS[type];
  if (!status && type !== 'fax.received' && !INBOUND_STARTED.has(type)) return [];
  const payload = telnyxPayloadSchema.safeParse(envelope.data.payload);
  if (!payload.success) return null;
  const p = payload.data;
  const occurredAt = (occurred_at && Date.parse(occurred_at)) || nowMs;

  const inbound = type === 'fax.received' || INBOUND_STARTED.has(type) || (type === 'fax.failed' && p.direction === 'inbound');
  if (inbound) {
    const to = readNumber(p.to);
    // Without the number it was sent to, the fax has no owner: refused as malformed.
    if (!to) return null;
    const call = { eventId: id, carrierFaxId: p.fax_id, occurredAt, from: readNumber(p.from), to };
    if (type === 'fax.received') {
      if (!p.media_url || p.page_count == null) return null;
      return [{ kind: 'inbound.received', ...call, pageCount: p.page_count, media: { url: p.media_url } }];
    }
    if (type === 'fax.failed') {
      const media = p.media_url ? { url: p.media_url } : null;
      return [
        {
          kind: 'inbound.failed',
          ...call,
          failureReason: mapTelnyxFailureReason(p.failure_reason),
          pagesReceived: p.page_count ?? 0,
          media,
        },
      ];
    }
    return [{ kind: 'inbound.started', ...call, pagesReceived: p.page_count ?? null }];
  }
  return [
    {
      kind: 'outbound.status',
      eventId: id,
      carrierFaxId: p.fax_id,
      reference: decodeAttemptRef(p.client_state),
      occurredAt,
      status: status!,
      // page_count is the number of pages transferred (fax.delivered).
      pagesSent: status === 'DELIVERED' || status === 'FAILED' ? (p.page_count ?? null) : null,
      failureReason: status === 'FAILED' ? mapTelnyxFailureReason(p.failure_reason) : null,
    },
  ];
}

import { describe, expect, it } from 'vitest';
import type { FaxFailureReason } from '../../src/common/faxes';
import { decodeAttemptRef, encodeAttemptRef } from '../../worker/carrier/attempt-ref';
import { mapTelnyxFailureReason, parseTelnyxWebhook } from '../../worker/carrier/telnyx-events';

// Bodies copied in shape from Telnyx's docs: "Receiving Webhooks for Programmable Fax" (fax.queued,
// fax.delivered, fax.failed) and "Receive a Fax via API" (fax.received).

const NOW = 1_800_000_000_000;

const QUEUED = {
  data: {
    event_type: 'fax.queued',
    id: '3691d047-d22a-424d-80ed-fe871981aa6d',
    occurred_at: '2020-04-22T19:32:12.538002Z',
    record_type: 'event',
    payload: {
      call_duration_secs: 50,
      connection_id: '7267xxxxxxxxxxxxxx',
      direction: 'outbound',
      fax_id: 'b679398e-8b4c-46bd-8630-6797f1ab5228',
      from: '+35319605860',
      original_media_url: 'https://www.telnyx.com/telnyx-fax/1.pdf',
      partial_content: true,
      status: 'queued',
      to: '+13129457420',
      user_id: 'a5b1dfa3-fd2e-4e02-8ea4-xxxxxxxxxxxx',
    },
  },
  meta: { attempt: 1, delivered_to: 'http://example.com/webhooks' },
};

// The docs show this one without the `data` wrapper.
const DELIVERED = {
  event_type: 'fax.delivered',
  id: '3320554f-6b74-4138-a74b-a1e2ec7eaf8b',
  occurred_at: '2022-01-07T10:01:43.677850Z',
  payload: {
    call_duration_secs: 79,
    connection_id: '1232154810234',
    direction: 'outbound',
    fax_id: 'c62be5bc-9b13-4b6c-abda-34dd8b541287',
    from: '+19459457421',
    original_media_url: 'https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf',
    page_count: 1,
    status: 'delivered',
    to: '+13129457420',
    user_id: 'bdaa1f9f-1018-4156-867d-6c4ac9f556eb',
  },
};

const FAILED = {
  data: {
    event_type: 'fax.failed',
    id: 'd906ecda-db21-428e-9ca0-74dae7e7c144',
    occurred_at: '2022-01-05T22:23:46.888808Z',
    record_type: 'event',
    payload: {
      connection_id: '1232154810234',
      direction: 'outbound',
      failure_reason: 'user_busy',
      fax_id: 'f7b303ed-674c-4962-951b-848380510893',
      from: '+19459457421',
      original_media_url: 'https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf',
      status: 'failed',
      to: '+13129457420',
      user_id: '417b0cc2-39e0-4ab9-b116-e56543649aa9',
      client_state: encodeAttemptRef({ faxId: 'fax-1', attempt: 2 }),
    },
  },
  meta: { attempt: 1, delivered_to: 'https://example.com/webhooks' },
};

const RECEIVED = {
  data: {
    event_type: 'fax.received',
    id: '4844b70c-3c6c-4c3a-ba2e-e4c785f02d24',
    occurred_at: '2020-08-27T16:33:36.843054Z',
    payload: {
      call_duration_secs: 50,
      connection_id: '1447842681660114324',
      direction: 'inbound',
      fax_id: 'f72eebbe-f9b6-4f0f-b652-03e742e110d5',
      from: '+16132484850',
      media_url: 'https://s3.amazonaws.com/faxes-prod/19a75cea/f72eebbe.pdf?X-Amz-Expires=7200',
      page_count: 2,
      partial_content: false,
      status: 'received',
      to: '+17733372863',
      user_id: '19a75cea-02c6-4b9a-84fa-c9bc8341feb8',
      caller_id: '+16132484872',
    },
    record_type: 'event',
  },
  meta: { attempt: 1, delivered_to: 'https://1a3097.ngrok.io/' },
};

describe('parseTelnyxWebhook', () => {
  it('fax.queued: the attempt is queued', () => {
    expect(parseTelnyxWebhook(QUEUED, NOW)).toEqual([
      {
        kind: 'outbound.status',
        eventId: '3691d047-d22a-424d-80ed-fe871981aa6d',
        carrierFaxId: 'b679398e-8b4c-46bd-8630-6797f1ab5228',
        reference: null,
        occurredAt: Date.parse('2020-04-22T19:32:12.538002Z'),
        status: 'QUEUED',
        pagesSent: null,
        failureReason: null,
      },
    ]);
  });

  it.each([
    ['fax.media.processed', 'QUEUED'],
    ['fax.sending.started', 'SENDING'],
  ])('%s → %s', (eventType, status) => {
    const [event] = parseTelnyxWebhook({ data: { ...QUEUED.data, event_type: eventType } }, NOW)!;
    expect(event).toMatchObject({ kind: 'outbound.status', status, pagesSent: null });
  });

  it('fax.delivered (also without the data wrapper) carries the pages transferred', () => {
    expect(parseTelnyxWebhook(DELIVERED, NOW)).toEqual([
      expect.objectContaining({
        status: 'DELIVERED',
        pagesSent: 1,
        carrierFaxId: 'c62be5bc-9b13-4b6c-abda-34dd8b541287',
        failureReason: null,
      }),
    ]);
  });

  it('fax.failed maps the reason and reads our attempt from client_state', () => {
    expect(parseTelnyxWebhook(FAILED, NOW)).toEqual([
      expect.objectContaining({ status: 'FAILED', failureReason: 'BUSY', reference: { faxId: 'fax-1', attempt: 2 }, pagesSent: null }),
    ]);
  });

  it('fax.received becomes an inbound fax with its media URL', () => {
    expect(parseTelnyxWebhook(RECEIVED, NOW)).toEqual([
      {
        kind: 'inbound.received',
        eventId: '4844b70c-3c6c-4c3a-ba2e-e4c785f02d24',
        carrierFaxId: 'f72eebbe-f9b6-4f0f-b652-03e742e110d5',
        occurredAt: Date.parse('2020-08-27T16:33:36.843054Z'),
        from: '+16132484850',
        to: '+17733372863',
        pageCount: 2,
        media: { url: RECEIVED.data.payload.media_url },
      },
    ]);
  });

  const inbound = (eventType: string, payload: Record<string, unknown>) => ({
    data: { ...RECEIVED.data, event_type: eventType, payload: { ...RECEIVED.data.payload, ...payload } },
  });
  const CALL = {
    eventId: RECEIVED.data.id,
    carrierFaxId: RECEIVED.data.payload.fax_id,
    occurredAt: Date.parse(RECEIVED.data.occurred_at),
    to: '+17733372863',
  };

  // The receiving side of a fax to one of our numbers, in the order Telnyx sends it.
  it.each<[string, string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'receiving.started, no pages yet',
      'fax.receiving.started',
      { status: 'receiving', page_count: undefined, media_url: undefined },
      { kind: 'inbound.started', pagesReceived: null },
    ],
    [
      'receiving.started with pages',
      'fax.receiving.started',
      { page_count: 1, media_url: undefined },
      { kind: 'inbound.started', pagesReceived: 1 },
    ],
    [
      'media.processing.started',
      'fax.media.processing.started',
      { page_count: 2, media_url: undefined },
      { kind: 'inbound.started', pagesReceived: 2 },
    ],
    [
      'failed with pages and media',
      'fax.failed',
      { failure_reason: 'receiver_call_dropped', page_count: 1, media_url: 'https://media.example/p.pdf' },
      { kind: 'inbound.failed', failureReason: 'LINE_DROPPED', pagesReceived: 1, media: { url: 'https://media.example/p.pdf' } },
    ],
    [
      'failed before any page',
      'fax.failed',
      { failure_reason: 'fax_signaling_error', page_count: undefined, media_url: undefined },
      { kind: 'inbound.failed', failureReason: 'LINE_DROPPED', pagesReceived: 0, media: null },
    ],
    [
      'failed with an unknown reason',
      'fax.failed',
      { failure_reason: 'something_new', page_count: 0, media_url: null },
      { kind: 'inbound.failed', failureReason: 'CARRIER_ERROR', pagesReceived: 0, media: null },
    ],
  ])('inbound %s', (_label, eventType, payload, expected) => {
    expect(parseTelnyxWebhook(inbound(eventType, payload), NOW)).toEqual([{ ...CALL, from: '+16132484850', ...expected }]);
  });

  it.each([
    ['anonymous', null],
    ['Restricted', null],
    ['', null],
    [undefined, null],
    ['not a number', null],
    ['+16132484850', '+16132484850'],
  ])('an inbound caller id %j reads as %j', (from, expected) => {
    for (const eventType of ['fax.receiving.started', 'fax.received', 'fax.failed']) {
      expect(parseTelnyxWebhook(inbound(eventType, { from }), NOW)![0]).toMatchObject({ from: expected });
    }
  });

  it('an outbound fax.failed stays the attempt’s status', () => {
    expect(parseTelnyxWebhook(FAILED, NOW)![0]).toMatchObject({ kind: 'outbound.status', status: 'FAILED' });
    expect(
      parseTelnyxWebhook({ data: { ...FAILED.data, payload: { ...FAILED.data.payload, direction: undefined } } }, NOW)![0],
    ).toMatchObject({ kind: 'outbound.status' });
  });

  it('an event type it does not track yields nothing', () => {
    expect(parseTelnyxWebhook({ data: { ...QUEUED.data, event_type: 'call.initiated', payload: {} } }, NOW)).toEqual([]);
  });

  it('a missing occurred_at falls back to now', () => {
    const { occurred_at: _, ...data } = QUEUED.data;
    expect(parseTelnyxWebhook({ data }, NOW)![0]).toMatchObject({ occurredAt: NOW });
  });

  it.each<[string, unknown]>([
    ['not an object', 'hello'],
    ['no event id', { data: { event_type: 'fax.queued', payload: QUEUED.data.payload } }],
    ['a tracked event without fax_id', { data: { ...QUEUED.data, payload: { status: 'queued' } } }],
    ['a received fax without media', { data: { ...RECEIVED.data, payload: { ...RECEIVED.data.payload, media_url: undefined } } }],
    ['a received fax without page count', { data: { ...RECEIVED.data, payload: { ...RECEIVED.data.payload, page_count: undefined } } }],
    ...['fax.receiving.started', 'fax.media.processing.started', 'fax.received', 'fax.failed'].flatMap((eventType): [string, unknown][] => [
      [
        `${eventType} inbound without a to number`,
        { data: { ...RECEIVED.data, event_type: eventType, payload: { ...RECEIVED.data.payload, to: undefined } } },
      ],
      [
        `${eventType} inbound to "anonymous"`,
        { data: { ...RECEIVED.data, event_type: eventType, payload: { ...RECEIVED.data.payload, to: 'anonymous' } } },
      ],
    ]),
    ['a page count that is not a number', { ...DELIVERED, payload: { ...DELIVERED.payload, page_count: 'one' } }],
  ])('%s → not a Telnyx webhook', (_label, body) => {
    expect(parseTelnyxWebhook(body, NOW)).toBeNull();
  });
});

describe('mapTelnyxFailureReason', () => {
  // Every value Telnyx documents for failure_reason, and what the user is told.
  it.each<[string, FaxFailureReason]>([
    ['user_busy', 'BUSY'],
    ['receiver_no_answer', 'NO_ANSWER'],
    ['receiver_no_response', 'NO_ANSWER'],
    ['fax_initial_communication_timeout', 'NOT_A_FAX_MACHINE'],
    ['receiver_incompatible_destination', 'NOT_A_FAX_MACHINE'],
    ['destination_invalid', 'INVALID_NUMBER'],
    ['receiver_invalid_number_format', 'INVALID_NUMBER'],
    ['receiver_unallocated_number', 'INVALID_NUMBER'],
    ['receiver_call_dropped', 'LINE_DROPPED'],
    ['fax_signaling_error', 'LINE_DROPPED'],
    ['invalid_ecm_response_from_receiver', 'LINE_DROPPED'],
    ['receiver_decline', 'REJECTED'],
    ['rejected', 'REJECTED'],
    ['file_format_invalid', 'DOCUMENT_UNREADABLE'],
    ['file_size_limit_exceeded', 'DOCUMENT_UNREADABLE'],
    ['page_count_limit_exceeded', 'DOCUMENT_UNREADABLE'],
    ['media_processing_exception', 'DOCUMENT_UNREADABLE'],
    ['account_disabled', 'CARRIER_ERROR'],
    ['connection_channel_limit_exceeded', 'CARRIER_ERROR'],
    ['destination_not_in_countries_whitelist', 'DESTINATION_NOT_ALLOWED'],
    ['destination_not_in_service_plan', 'DESTINATION_NOT_ALLOWED'],
    ['destination_unreachable', 'CARRIER_ERROR'],
    ['file_download_failed', 'CARRIER_ERROR'],
    ['no_outbound_profile', 'CARRIER_ERROR'],
    ['outbound_profile_channel_limit_exceeded', 'CARRIER_ERROR'],
    ['outbound_profile_daily_spend_limit_exceeded', 'CARRIER_ERROR'],
    ['receiver_communication_error', 'CARRIER_ERROR'],
    ['receiver_recovery_on_timer_expire', 'CARRIER_ERROR'],
    ['service_unavailable', 'CARRIER_ERROR'],
    ['unverified_destination_not_allowed', 'DESTINATION_NOT_ALLOWED'],
    ['unverified_origination_number', 'CARRIER_ERROR'],
    ['user_channel_limit_exceeded', 'CARRIER_ERROR'],
    ['something_new', 'CARRIER_ERROR'],
    ['toString', 'CARRIER_ERROR'],
  ])('%s → %s', (reason, expected) => {
    expect(mapTelnyxFailureReason(reason)).toBe(expected);
  });

  it('no reason at all is a carrier error', () => {
    expect(mapTelnyxFailureReason(null)).toBe('CARRIER_ERROR');
  });
});

describe('attempt references in client_state', () => {
  it('round-trips', () => {
    expect(decodeAttemptRef(encodeAttemptRef({ faxId: 'a1b2-c3', attempt: 3 }))).toEqual({ faxId: 'a1b2-c3', attempt: 3 });
  });

  it.each([null, '', 'not base64!', btoa('hello'), btoa('fax:abc:0'), btoa('fax:a/b:1')])('%s is not ours', (state) => {
    expect(decodeAttemptRef(state)).toBeNull();
  });
});

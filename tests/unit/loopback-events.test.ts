import { describe, expect, it } from 'vitest';
import { type LoopbackWebhook, parseLoopbackWebhook } from '../../worker/carrier/loopback-events';

const SENT: LoopbackWebhook = {
  id: 'loopback-1:2',
  type: 'fax.sending.started',
  occurredAt: 1_800_000_000_000,
  carrierFaxId: 'loopback-1',
  reference: { faxId: 'fax-1', attempt: 1 },
  pagesSent: 0,
  failureReason: null,
  inbound: null,
};

const RECEIVER = { ...SENT, id: 'loopback-1-in:3', carrierFaxId: 'loopback-1-in', reference: null, pagesSent: null };
const CALL = {
  eventId: 'loopback-1-in:3',
  carrierFaxId: 'loopback-1-in',
  occurredAt: SENT.occurredAt,
  from: '+12125550100',
  to: '+12125550150',
};
const inbound = (fields: Partial<NonNullable<LoopbackWebhook['inbound']>> = {}) => ({
  from: '+12125550100',
  to: '+12125550150',
  ...fields,
});

describe('parseLoopbackWebhook', () => {
  it.each<[string, Partial<LoopbackWebhook>, unknown]>([
    ['sending started', {}, { kind: 'outbound.status', status: 'SENDING', pagesSent: 0, failureReason: null, reference: SENT.reference }],
    ['a page sent', { type: 'fax.page.sent', pagesSent: 1 }, { kind: 'outbound.status', status: 'SENDING', pagesSent: 1 }],
    ['delivered', { type: 'fax.delivered', pagesSent: 2 }, { kind: 'outbound.status', status: 'DELIVERED', pagesSent: 2 }],
    [
      'the sender’s failure',
      { type: 'fax.failed', pagesSent: 1, failureReason: 'LINE_DROPPED' },
      { kind: 'outbound.status', status: 'FAILED', failureReason: 'LINE_DROPPED' },
    ],
    [
      'a failure without reason',
      { type: 'fax.failed', pagesSent: 0 },
      { kind: 'outbound.status', status: 'FAILED', failureReason: 'CARRIER_ERROR' },
    ],
  ])('%s → the attempt’s status', (_label, fields, expected) => {
    expect(parseLoopbackWebhook({ ...SENT, ...fields })).toEqual([expect.objectContaining(expected)]);
  });

  it.each<[string, Partial<LoopbackWebhook>, unknown]>([
    ['receiving started', { type: 'fax.receiving.started', inbound: inbound() }, { kind: 'inbound.started', ...CALL, pagesReceived: null }],
    [
      'media processing started',
      { type: 'fax.media.processing.started', inbound: inbound({ pageCount: 2 }) },
      { kind: 'inbound.started', ...CALL, pagesReceived: 2 },
    ],
    [
      'a withheld caller',
      { type: 'fax.receiving.started', inbound: { ...inbound(), from: null } },
      { kind: 'inbound.started', ...CALL, from: null, pagesReceived: null },
    ],
    [
      'received',
      { type: 'fax.received', inbound: inbound({ pageCount: 2, mediaKey: 'loopback/received/loopback-1-in.pdf' }) },
      { kind: 'inbound.received', ...CALL, pageCount: 2, media: { r2Key: 'loopback/received/loopback-1-in.pdf' } },
    ],
    [
      'failed with a page kept',
      {
        type: 'fax.failed',
        failureReason: 'LINE_DROPPED',
        inbound: inbound({ pageCount: 1, mediaKey: 'loopback/received/loopback-1-in.pdf' }),
      },
      {
        kind: 'inbound.failed',
        ...CALL,
        failureReason: 'LINE_DROPPED',
        pagesReceived: 1,
        media: { r2Key: 'loopback/received/loopback-1-in.pdf' },
      },
    ],
    [
      'failed before any page',
      { type: 'fax.failed', inbound: inbound() },
      { kind: 'inbound.failed', ...CALL, failureReason: 'CARRIER_ERROR', pagesReceived: 0, media: null },
    ],
  ])('%s → the receiving side’s event', (_label, fields, expected) => {
    expect(parseLoopbackWebhook({ ...RECEIVER, ...fields })).toEqual([expected]);
  });

  it.each<[string, unknown]>([
    ['not an object', 'hello'],
    ['an unknown type', { ...SENT, type: 'fax.exploded' }],
    ['receiving started without inbound', { ...RECEIVER, type: 'fax.receiving.started' }],
    ['received without inbound', { ...RECEIVER, type: 'fax.received' }],
    ['received without media', { ...RECEIVER, type: 'fax.received', inbound: inbound({ pageCount: 2 }) }],
    ['received without pages', { ...RECEIVER, type: 'fax.received', inbound: inbound({ mediaKey: 'k' }) }],
    ['received with no pages', { ...RECEIVER, type: 'fax.received', inbound: inbound({ pageCount: 0, mediaKey: 'k' }) }],
    ['inbound without a to number', { ...RECEIVER, type: 'fax.receiving.started', inbound: { from: null } }],
    ['a sending-side event with inbound', { ...SENT, type: 'fax.delivered', inbound: inbound() }],
  ])('%s → not a loopback webhook', (_label, body) => {
    expect(parseLoopbackWebhook(body)).toBeNull();
  });
});

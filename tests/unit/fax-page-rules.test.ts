import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { primaryFaxAction } from '../../src/components/faxes/fax-actions-rules';

// A fax's page: which action is its button beside the "⋯" menu, for every
// point of a fax's life (how its status looks as a pill: fax-status-pill.test.ts).

function fax(fields: Partial<FaxView> = {}): FaxView {
  return {
    id: 'fax-1',
    direction: 'SEND',
    status: 'DELIVERED',
    remoteNumber: '+12125550123',
    remoteDisplay: '(212) 555-0123',
    contactName: null,
    localNumber: null,
    pageCount: 3,
    pagesSent: 3,
    fileName: 'letter.pdf',
    hasCoverPage: false,
    anonymous: false,
    attempt: 1,
    maxAttempts: 4,
    nextAttemptAt: null,
    failureReason: null,
    creditsCharged: 3,
    creditsRefunded: 0,
    start: 1000,
    updated: 1000,
    completed: 2000,
    read: true,
    trashedAt: null,
    sendAt: null,
    broadcastId: null,
    partial: false,
    uncoveredPages: 0,
    ...fields,
  };
}

const RECEIVED = { direction: 'RECEIVE', status: 'RECEIVED' } as const;

describe('the first action on a fax’s page', () => {
  it.each<[string, Partial<FaxView>, ReturnType<typeof primaryFaxAction>]>([
    ['a delivered fax is downloaded', {}, 'download'],
    ['a fax on its way can be downloaded as uploaded', { status: 'SENDING', completed: null }, 'download'],
    ['a failed fax is sent again', { status: 'FAILED', failureReason: 'BUSY' }, 'resend'],
    ['a fax in the trash is restored', { trashedAt: 5000, status: 'FAILED' }, 'restore'],
    ['a received fax is downloaded', RECEIVED, 'download'],
    ['a fax still arriving has none yet', { direction: 'RECEIVE', status: 'RECEIVING' }, null],
    ['a missed call is faxed back', { direction: 'RECEIVE', status: 'FAILED', pageCount: 0 }, 'faxThisNumber'],
    ['a broken call that brought pages is downloaded', { direction: 'RECEIVE', status: 'FAILED', pageCount: 2 }, 'download'],
    ['a missed call from a withheld number has none', { direction: 'RECEIVE', status: 'FAILED', pageCount: 0, remoteNumber: null }, null],
  ])('%s', (_, fields, expected) => expect(primaryFaxAction(fax(fields))).toBe(expected));
});

import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { primaryFaxAction } from '../../src/components/faxes/fax-actions-rules';
import { faxView } from '../support/fax-view';

// A fax's page: which action is its button beside the "⋯" menu, for every
// point of a fax's life (how its status looks as a pill: fax-status-pill.test.ts).

function fax(fields: Partial<FaxView> = {}): FaxView {
  return faxView({ status: 'DELIVERED', pageCount: 3, pagesSent: 3, creditsCharged: 3, completed: 2000, ...fields });
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

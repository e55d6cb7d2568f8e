import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { faxStatusPill } from '../../src/components/faxes/fax-status-pill';
import { formatListDate } from '../../src/i18n/dates';
import { faxView } from '../support/fax-view';

// A fax's status as a pill: the same colour, icon and words for each state in every
// list, on the dashboard and on a fax's page.

const AT = Date.UTC(2026, 10, 27, 15, 42);
const SEND_AT = Date.UTC(2026, 10, 28, 9, 30);

function fax(fields: Partial<FaxView> = {}): FaxView {
  return faxView({ pageCount: 5, creditsCharged: 5, start: AT, updated: AT, ...fields });
}

const pillOf = (fields: Partial<FaxView>) => {
  const { tone, icon, text, detail } = faxStatusPill(fax(fields), 'UTC');
  return { tone, icon, text, detail };
};

describe('the status pill', () => {
  it.each<[string, Partial<FaxView>, ReturnType<typeof pillOf>]>([
    ['delivered', { status: 'DELIVERED' }, { tone: 'ok', icon: 'circle-check', text: 'Delivered', detail: null }],
    [
      'failed, with its short reason and the credits given back',
      { status: 'FAILED', failureReason: 'BUSY', creditsRefunded: 1 },
      { tone: 'bad', icon: 'circle-x', text: 'Failed: Line busy', detail: '1 credit refunded' },
    ],
    [
      'sending, page by page',
      { status: 'SENDING', pagesSent: 1 },
      { tone: 'info', icon: 'loader-circle', text: 'Sending page 2 of 5', detail: null },
    ],
    [
      'sending again, with the attempt',
      { status: 'SENDING', pagesSent: 0, attempt: 2 },
      { tone: 'info', icon: 'loader-circle', text: 'Sending page 1 of 5', detail: 'Attempt 2 of 4' },
    ],
    ['queued', { status: 'QUEUED' }, { tone: 'warn', icon: 'clock', text: 'Queued', detail: null }],
    [
      'waiting to retry, with the time',
      { status: 'QUEUED', failureReason: 'BUSY', nextAttemptAt: AT + 10 * 60_000 },
      { tone: 'warn', icon: 'clock', text: 'Retrying at 3:52 PM', detail: 'Line busy · attempt 2 of 4' },
    ],
    [
      'scheduled, with the time as lists word it',
      { status: 'QUEUED', sendAt: SEND_AT },
      { tone: 'neutral', icon: 'calendar-clock', text: `Scheduled for ${formatListDate(SEND_AT, 'UTC')}`, detail: null },
    ],
    ['received', { direction: 'RECEIVE', status: 'RECEIVED' }, { tone: 'ok', icon: 'circle-check', text: 'Received', detail: null }],
    [
      'received in part',
      { direction: 'RECEIVE', status: 'RECEIVED', partial: true },
      { tone: 'warn', icon: 'triangle-alert', text: 'Partial', detail: 'The call broke off' },
    ],
    ['receiving', { direction: 'RECEIVE', status: 'RECEIVING' }, { tone: 'info', icon: 'loader-circle', text: 'Receiving…', detail: null }],
    [
      'a missed fax',
      { direction: 'RECEIVE', status: 'FAILED', failureReason: 'LINE_DROPPED' },
      { tone: 'bad', icon: 'circle-x', text: 'Missed: The line dropped', detail: null },
    ],
  ])('%s', (_, fields, expected) => {
    expect(pillOf(fields)).toEqual(expected);
  });

  it('turns its icon only while the fax is on its way', () => {
    expect(faxStatusPill(fax({ status: 'SENDING' }), 'UTC').spin).toBe(true);
    expect(faxStatusPill(fax({ status: 'DELIVERED' }), 'UTC').spin).toBe(false);
  });
});

import type { FaxView } from '../../src/common/faxes';

/**
 * A fax as the API shows it, for the rules that read one (status pills, a fax page's actions,
 * the dashboard's lists): a one-page fax sent to (212) 555-0123 and waiting, with `fields` over it.
 */
export function faxView(fields: Partial<FaxView> = {}): FaxView {
  return {
    id: 'fax-1',
    direction: 'SEND',
    status: 'QUEUED',
    remoteNumber: '+12125550123',
    remoteDisplay: '(212) 555-0123',
    contactName: null,
    localNumber: null,
    pageCount: 1,
    pagesSent: 0,
    fileName: 'letter.pdf',
    hasCoverPage: false,
    anonymous: false,
    attempt: 1,
    maxAttempts: 4,
    nextAttemptAt: null,
    failureReason: null,
    creditsCharged: 1,
    creditsRefunded: 0,
    start: 1000,
    updated: 1000,
    completed: null,
    read: true,
    trashedAt: null,
    sendAt: null,
    broadcastId: null,
    partial: false,
    uncoveredPages: 0,
    ...fields,
  };
}

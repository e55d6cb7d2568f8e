import {
  FAX_MAX_ATTEMPTS,
  type FaxEventKind,
  type FaxEventView,
  type FaxFailureReason,
  type FaxListPage,
  type FaxView,
} from '../../src/common/faxes';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { FaxEventRow } from '../db/schema';
import type { StoreFaxRow } from '../db/store/schema';
import { encodeFaxCursor } from '../domain/fax-cursor';

/**
 * What the API and the live channel say about a fax of the user's store; `contactName` is the
 * other party's name in the user's phonebook, if the number is there.
 */
export function toFaxView(row: StoreFaxRow, contactName: string | null = null): FaxView {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    remoteNumber: row.remoteNumber,
    remoteDisplay: row.remoteNumber ? formatPhoneForDisplay(row.remoteNumber) : null,
    contactName,
    localNumber: row.localNumber,
    pageCount: row.pageCount,
    pagesSent: row.pagesSent,
    fileName: row.fileName,
    hasCoverPage: row.coverPage !== null,
    anonymous: row.anonymous,
    attempt: row.attempt,
    maxAttempts: FAX_MAX_ATTEMPTS,
    nextAttemptAt: row.nextAttemptAt,
    failureReason: row.failureReason as FaxFailureReason | null,
    creditsCharged: row.chargedDefault + row.chargedPaid,
    creditsRefunded: row.refunded,
    start: row.start,
    updated: row.updated,
    completed: row.completed,
    read: row.read,
    trashedAt: row.trashedAt,
    sendAt: row.sendAt,
    broadcastId: row.broadcastId,
    partial: row.partial,
    uncoveredPages: row.uncoveredPages,
  };
}

export function toFaxEventView(row: FaxEventRow): FaxEventView {
  return {
    at: row.at,
    attempt: row.attempt,
    kind: row.kind as FaxEventKind,
    pagesSent: row.pagesSent,
    reason: row.reason as FaxFailureReason | null,
  };
}

/**
 * A page of a fax list (the history, the trash) as the API answers it and the pages render it,
 * from the store's rows read one past `limit`: that extra row says whether another page follows.
 */
export function toFaxListPage(read: { faxes: FaxView[]; total: number }, limit: number): FaxListPage {
  const faxes = read.faxes.slice(0, limit);
  const last = faxes.at(-1);
  return { faxes, nextCursor: read.faxes.length > limit && last ? encodeFaxCursor(last) : null, total: read.total };
}

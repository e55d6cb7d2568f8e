import BUSY from 'virtual:message/faxFailure.BUSY.title';
import CANCELLED from 'virtual:message/faxFailure.CANCELLED.title';
import CARRIER_ERROR from 'virtual:message/faxFailure.CARRIER_ERROR.title';
import DESTINATION_NOT_ALLOWED from 'virtual:message/faxFailure.DESTINATION_NOT_ALLOWED.title';
import DOCUMENT_UNREADABLE from 'virtual:message/faxFailure.DOCUMENT_UNREADABLE.title';
import INVALID_NUMBER from 'virtual:message/faxFailure.INVALID_NUMBER.title';
import LINE_DROPPED from 'virtual:message/faxFailure.LINE_DROPPED.title';
import NO_ANSWER from 'virtual:message/faxFailure.NO_ANSWER.title';
import NOT_A_FAX_MACHINE from 'virtual:message/faxFailure.NOT_A_FAX_MACHINE.title';
import REJECTED from 'virtual:message/faxFailure.REJECTED.title';
import type { FaxFailureReason } from '../../common/faxes';

// The short name of each failure ("Line busy"), which every list and status pill shows, without
// the advice beside it in the faxFailure namespace (a fax's page loads that, FaxFailure.tsx):
// on the lists, the titles alone are a third of it (docs/decisions/032).
export const FAILURE_TITLES: Record<FaxFailureReason, string> = {
  BUSY,
  NO_ANSWER,
  NOT_A_FAX_MACHINE,
  INVALID_NUMBER,
  LINE_DROPPED,
  REJECTED,
  DESTINATION_NOT_ALLOWED,
  DOCUMENT_UNREADABLE,
  CARRIER_ERROR,
  CANCELLED,
};

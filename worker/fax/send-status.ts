import type { SendStatus } from '../../src/common/faxes';
import type { Db } from '../db/client';
import { findSendingFax, listFaxes } from '../db/queries/faxes';
import type { UserRow } from '../db/schema';
import { toFaxView } from '../views/faxes';

/** The spec's send document: the fax on its way, the newest sent, and the lifetime count. */
export async function readSendStatus(db: Db, user: UserRow): Promise<SendStatus> {
  const [sending, [last]] = await Promise.all([findSendingFax(db, user.id), listFaxes(db, user.id, 'SEND', null, 1)]);
  return {
    sendingFax: sending ? toFaxView(sending) : null,
    lastSentEntry: last ? toFaxView(last) : null,
    lifetimeSendCount: user.lifetimeSendCount,
  };
}

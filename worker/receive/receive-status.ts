import type { ReceiveStatus } from '../../src/common/faxes';
import type { Db } from '../db/client';
import { findLastReceivedFax, listReceivingFaxes } from '../db/queries/received-faxes';
import type { UserRow } from '../db/schema';
import { toFaxView } from '../views/faxes';

/** The spec's receive document: faxes arriving now, the newest arrived, and the lifetime count. */
export async function readReceiveStatus(db: Db, user: UserRow): Promise<ReceiveStatus> {
  const [receiving, last] = await Promise.all([listReceivingFaxes(db, user.id), findLastReceivedFax(db, user.id)]);
  const receivingFax: ReceiveStatus['receivingFax'] = {};
  for (const fax of receiving) {
    const view = toFaxView(fax);
    receivingFax[fax.id] = { start: fax.start, remoteDisplay: view.remoteDisplay, pagesReceived: fax.pagesSent };
  }
  return { receivingFax, lastReceivedEntry: last ? toFaxView(last) : null, lifetimeReceiveCount: user.lifetimeReceiveCount };
}

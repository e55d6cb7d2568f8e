import type { FaxTotals, ReceiveStatus, SendStatus } from '../../src/common/faxes';
import type { UserRow } from '../db/schema';
import type { StoreCredits } from '../domain/credits';
import { userHubStub } from '../live/publish';
import { readStoreCredits } from './account-credits';

/** What every signed-in page shows from the user's store, and on the dashboard what is on its way. */
export interface PageFigures {
  totals: FaxTotals;
  credits: StoreCredits;
  sendStatus: SendStatus | null;
  receiveStatus: ReceiveStatus | null;
}

export async function readPageFigures(env: Env, user: UserRow, onDashboard: boolean): Promise<PageFigures> {
  const store = userHubStub(env, user.id);
  const [totals, credits, sendStatus, receiveStatus] = await Promise.all([
    store.faxTotals(user.id) as Promise<FaxTotals>,
    readStoreCredits(env, user),
    onDashboard ? (store.sendStatus(user.id) as Promise<SendStatus>) : null,
    onDashboard ? (store.receiveStatus(user.id) as Promise<ReceiveStatus>) : null,
  ]);
  return { totals, credits, sendStatus, receiveStatus };
}

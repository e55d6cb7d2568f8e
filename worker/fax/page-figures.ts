import type { UserRow } from '../db/schema';
import { creditPeriodOf } from '../db/queries/credit-period';
import { userHubStub } from '../live/publish';
import type { StorePageFigures } from '../live/user-hub';

export type PageFigures = StorePageFigures;

/** What every signed-in page shows from the user's store (on the dashboard, what is on its way too): one call. */
export async function readPageFigures(env: Env, user: UserRow, onDashboard: boolean): Promise<PageFigures> {
  return (await userHubStub(env, user.id).pageFigures(user.id, creditPeriodOf(user), onDashboard)) as PageFigures;
}

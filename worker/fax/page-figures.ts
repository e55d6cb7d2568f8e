import { creditPeriodOf } from '../db/queries/credit-period';
import type { UserRow } from '../db/schema';
import { userHubStub } from '../live/publish';
import type { PageFiguresWanted, StorePageFigures } from '../live/user-hub';

export type PageFigures = StorePageFigures;
export type { PageFiguresWanted };

/** Every signed-in page's figures from the user's store, and what the page wants beyond them: one call. */
export async function readPageFigures(env: Env, user: UserRow, wanted: PageFiguresWanted): Promise<PageFigures> {
  return (await userHubStub(env, user.id).pageFigures(user.id, creditPeriodOf(user), wanted)) as PageFigures;
}

import { creditPeriodOf } from '../db/queries/credit-period';
import type { UserRow } from '../db/schema';
import type { PageFiguresWanted, StorePageFigures } from '../user-store/fax-reads';
import { userStore } from '../user-store/stub';

export type PageFigures = StorePageFigures;
export type { PageFiguresWanted };

/** Every signed-in page's figures from the user's store, and what the page wants beyond them: one call. */
export async function readPageFigures(env: Env, user: UserRow, wanted: PageFiguresWanted): Promise<PageFigures> {
  return (await userStore(env, user.id).pageFigures(creditPeriodOf(user), wanted)) as PageFigures;
}

import type { FaxNumberRow, UserRow } from '../db/schema';

/** What a page's loader is given: the request's address and who asks (null: a visitor). */
export interface PageInput {
  env: Env;
  url: URL;
  user: UserRow | null;
  /**
   * The user's own number, read once for the whole page context (the header shows it too), so a
   * loader that needs it never reads the row again (tests/integration/row-reads.test.ts).
   */
  ownedNumber: Promise<FaxNumberRow | null>;
  /** Who a number hold belongs to (worker/numbers/holder.ts): the user, a visitor's cookie, or null; read on first need. */
  holderKey: () => Promise<string | null>;
}

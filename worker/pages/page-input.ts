import type { UserRow } from '../db/schema';

/** What a page's loader is given: the request's address and who asks (null: a visitor). */
export interface PageInput {
  env: Env;
  url: URL;
  user: UserRow | null;
}

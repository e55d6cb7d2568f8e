import type { Viewer } from '../../src/common/viewer';
import type { UserRow } from '../db/schema';

/** What the Hono app carries per request. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The signed-in user, or null. Set for every request by loadViewer. */
    viewer: Viewer | null;
    /** Id (token digest) of the session behind viewer. */
    sessionId: string | null;
    /** The viewer's full row as loaded with the session (server-side only; never sent as is). */
    user: UserRow | null;
    /** What the route's reads made beside the session check answered (auth/viewer.ts), or null. */
    readWithSession: unknown[] | null;
  };
}

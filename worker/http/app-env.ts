import type { Viewer } from '../../src/common/viewer';

/** What the Hono app carries per request. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The signed-in user, or null. Set for every request by loadViewer. */
    viewer: Viewer | null;
    /** Id (token digest) of the session behind viewer. */
    sessionId: string | null;
  };
}

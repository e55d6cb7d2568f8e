import type { ApiKeyScope } from '../../src/common/api-key-rules';
import type { UserRow } from '../db/schema';

/** The key a /v1 call was made with, as the routes need it. */
export interface V1Key {
  keyId: string;
  livemode: boolean;
  scopes: readonly ApiKeyScope[];
}

/** What the /v1 app carries per request (decision 046). */
export interface V1Env {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** Set by the bearer check before any route runs. */
    apiKey: V1Key;
    /** The key owner's row, read with the key in one query. */
    owner: UserRow;
    /** RateLimit-Policy and RateLimit of this call, for its answer whatever it is. */
    rateLimitHeaders: Record<string, string>;
  };
}

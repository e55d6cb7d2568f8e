import { hc } from 'hono/client';
import type { AppType } from './index';

// The browser's typed client, compiled ahead into a declaration (npm run typecheck: tsconfig.client.json)
// so the site's type-check reads one expanded type instead of the whole Worker (Hono's RPC guide).
// The site makes its own `hc('/api')` and gives it this type: no Worker code runs in the browser.
const client = hc<AppType>('');
export type ApiClient = typeof client;

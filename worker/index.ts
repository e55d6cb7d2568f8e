import { handle } from '@astrojs/cloudflare/handler';
import { createApp } from './app';
import { queue } from './jobs/queue';

export { UserHub } from './live/user-hub';

// The deploy entry: the API app with Astro rendering every page. The signed-in user is handed to
// Astro through the execution context's props, where src/middleware.ts reads it for route guards.
const app = createApp((c) => {
  const ctx = c.executionCtx;
  const pageCtx = {
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { viewer: c.get('viewer') },
  } as unknown as ExecutionContext;
  return handle(c.req.raw, c.env, pageCtx);
});

export default {
  fetch: app.fetch,
  queue,
} satisfies ExportedHandler<Env>;

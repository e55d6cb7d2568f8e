import { type Handler, Hono } from 'hono';
import { api } from './api';
import { devGoogleKeys } from './api/dev-google';
import { devOutboxMailDocument } from './api/dev-outbox';
import { v1 } from './api-v1';
import { loadViewer } from './auth/viewer';
import { subscriptionStatusReads } from './db/queries/subscription-status';
import { readConfig } from './env';
import { receiveFaxMail } from './fax-mail/inbound';
import type { AppEnv } from './http/app-env';
import { limitJsonBody } from './http/body-limit';
import { localeCookie } from './http/locale-cookie';
import { notFound, onError } from './http/on-error';
import { releaseUnreadBody } from './http/release-body';
import { requireSameOriginForUnsafeMethods } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { runCron } from './jobs/cron';
import { queue } from './jobs/queue';

export type { AppType } from './api';
export { LoopbackFaxLine } from './loopback/fax-line';
export { UserHub } from './user-store/user-hub';

/**
 * The server without Astro: security headers, the viewer, the same-origin rule and /api.
 * `pages` renders whatever is not /api (Astro in the deploy entry); without it, such paths are 404,
 * which is how vitest loads this module.
 */
export function createApp(pages?: Handler<AppEnv>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', releaseUnreadBody);
  app.use('*', securityHeaders);
  app.use('*', localeCookie);
  // Fails every request, naming the problem, until the configuration is complete.
  app.use('*', async (c, next) => {
    readConfig(c.env);
    await next();
  });
  // The public API (decision 046): a bearer key, never the session, so it is mounted before the
  // viewer is loaded and the site's same-origin and body rules, which are for pages, never reach it.
  app.route('/v1', v1);
  app.use('/api/*', requireSameOriginForUnsafeMethods);
  app.use('/api/*', limitJsonBody);
  // Routes whose own reads go in the session check's D1 batch: one round trip (decision 043).
  app.use('*', loadViewer({ 'GET /api/checkSubscriptionStatus': subscriptionStatusReads }));
  app.route('/api', api);
  app.all('/api/*', notFound);
  // The local Google stand-in's JWKS and each outbox mail's HTML (404 unless dev tools are on);
  // /dev pages are Astro's.
  app.route('/dev/google', devGoogleKeys);
  app.route('/dev/outbox', devOutboxMailDocument);
  app.all('*', pages ?? notFound);
  app.notFound(notFound);
  app.onError(onError);
  return app;
}

const app = createApp();

export default {
  fetch: app.fetch,
  queue,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runCron(env)),
  // Mail to <fax number>@FAX_MAIL_DOMAIN from Cloudflare Email Routing (decision 028).
  email: async (message, env) => {
    await receiveFaxMail(env, message);
  },
} satisfies ExportedHandler<Env>;

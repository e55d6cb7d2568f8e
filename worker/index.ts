import { handle } from '@astrojs/cloudflare/handler';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { toCompanyIdentity } from '../src/common/company';
import { openSetupStep } from '../src/common/onboarding';
import type { PageContext } from '../src/common/page-context';
import { toPlanSummary } from '../src/common/plan-summary';
import { readTheme, THEME_COOKIE } from '../src/common/theme';
import { readTimeZone, TIME_ZONE_COOKIE } from '../src/common/time-zone';
import { createApp } from './app';
import { getDb } from './db/client';
import { findNumberOwnedBy } from './db/queries/numbers';
import { needsSetup } from './domain/account';
import { readConfig } from './env';
import { readPageFigures } from './fax/page-figures';
import { receiveFaxMail } from './fax-mail/inbound';
import type { AppEnv } from './http/app-env';
import { withReadableAddress } from './http/page-address';
import { runCron } from './jobs/cron';
import { queue } from './jobs/queue';
import { holderKeyOf } from './numbers/holder';
import { loadPageData } from './pages';
import { dashboardChecklist, pageFiguresWanted } from './pages/dashboard-setup';
import { paymentsForPages } from './payments';
import { userHubStub } from './user-store/stub';
import { toAccountDetails } from './views/account';

export { LoopbackFaxLine } from './loopback/fax-line';
export { UserHub } from './user-store/user-hub';

async function pageContext(c: Context<AppEnv>): Promise<PageContext> {
  const config = readConfig(c.env);
  const viewer = c.get('viewer');
  const user = c.get('user');
  const db = getDb(c.env);
  // Before anything the page shows is read: a push after this mark may not be in it (decision 033).
  const liveMark = user ? await userHubStub(c.env, user.id).liveMark() : null;
  // The user's own store answers the counts, the credits and, on the dashboard, what is on its way;
  // the page's own loader (worker/pages/) what the page shows first.
  // The number is read once, for the header and for the page's loader alike (tests/integration/row-reads.test.ts).
  const ownedNumber = user ? findNumberOwnedBy(db, user.id) : Promise.resolve(null);
  const openStep = user ? openSetupStep(user.setup, needsSetup(user)) : null;
  const [owned, figures, pageData] = await Promise.all([
    ownedNumber,
    user ? readPageFigures(c.env, user, pageFiguresWanted(c.req.path, openStep)) : null,
    loadPageData({ env: c.env, url: new URL(c.req.url), user, ownedNumber, holderKey: () => holderKeyOf(c, false) }),
  ]);
  const account = user && figures ? toAccountDetails(user, figures.credits) : null;
  return {
    liveMark,
    account,
    pageData,
    viewer,
    timeZone: readTimeZone(getCookie(c, TIME_ZONE_COOKIE)),
    theme: readTheme(getCookie(c, THEME_COOKIE)),
    faxNumber: owned?.number ?? null,
    faxCounts: figures?.totals.counts ?? null,
    subscriptionType: user?.subscriptionType ?? null,
    plan: account ? toPlanSummary(account) : null,
    emailConfirmation: account && !account.emailVerified ? { email: account.email, sendsLeft: account.unverifiedSendsLeft ?? 0 } : null,
    onboarding: openStep,
    setupChecklist: dashboardChecklist(openStep, owned, figures, account),
    recentFaxes: figures?.recentFaxes ?? null,
    devTools: config.DEV_TOOLS,
    googleClientId: config.GOOGLE_CLIENT_ID,
    googleSignIn: config.GOOGLE_JWKS_URL.startsWith('/') ? 'local' : 'google',
    supportEmail: config.SUPPORT_EMAIL,
    company: toCompanyIdentity(config),
    payments: paymentsForPages(config),
  };
}

// The deploy entry: the API app with Astro rendering every page. The signed-in user and the page
// context reach Astro through the execution context's props, where src/middleware.ts reads them.
const app = createApp(async (c) => {
  const ctx = c.executionCtx;
  const pageCtx = {
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { page: await pageContext(c) },
  } as unknown as ExecutionContext;
  return handle(withReadableAddress(c.req.raw), c.env, pageCtx);
});

export default {
  fetch: app.fetch,
  queue,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runCron(env)),
  // Mail to <fax number>@FAX_MAIL_DOMAIN from Cloudflare Email Routing (decision 028).
  email: async (message, env) => {
    await receiveFaxMail(env, message);
  },
} satisfies ExportedHandler<Env>;

import { defineMiddleware } from 'astro:middleware';
import { env } from 'cloudflare:workers';
import { companyVarsSchema, toCompanyIdentity } from './common/company';
import type { PageContext } from './common/page-context';
import { assertKnownGuards, findRoute, loginPathFor, ROUTES, safeRedirectPath } from './common/routes';
import { SERVER_TIME_ZONE } from './common/time-zone';

// Route guards run here, on the server, before any HTML is sent. A typo in a guard name throws
// while this module loads, which fails `astro build` and the start of the server.
assertKnownGuards(ROUTES);

// Prerendering at build time has no Worker in front: no user, production-safe settings. It runs in
// workerd with wrangler.toml's vars, so the support address and the company are the configured ones.
function buildTimeContext(): PageContext {
  const supportEmail = (env as { SUPPORT_EMAIL?: unknown }).SUPPORT_EMAIL;
  if (typeof supportEmail !== 'string' || !supportEmail.includes('@')) {
    throw new Error('SUPPORT_EMAIL is not set: add it to [vars] in wrangler.toml (README "Configuration").');
  }
  const company = companyVarsSchema.safeParse(env);
  if (!company.success) {
    const problems = company.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
    throw new Error(`${problems}: set it in [vars] in wrangler.toml (README "Configuration").`);
  }
  return {
    viewer: null,
    timeZone: SERVER_TIME_ZONE,
    theme: 'system',
    faxNumber: null,
    faxCounts: null,
    subscriptionType: null,
    plan: null,
    emailConfirmation: null,
    onboarding: null,
    setupChecklist: null,
    recentFaxes: null,
    devTools: false,
    googleClientId: '',
    googleSignIn: 'google',
    supportEmail,
    company: toCompanyIdentity(company.data),
    payments: { processor: 'local' },
    liveMark: null,
    account: null,
    pageData: null,
  };
}

export const onRequest = defineMiddleware(async (context, next) => {
  const page = context.locals.cfContext?.props?.page ?? buildTimeContext();
  context.locals.page = page;
  context.locals.viewer = page.viewer;
  const { viewer } = page;
  const { pathname, search } = context.url;

  // Development pages do not exist unless dev tools are on.
  if ((pathname === '/dev' || pathname.startsWith('/dev/')) && !page.devTools) {
    return context.rewrite('/404');
  }

  const route = findRoute(pathname);
  if (route?.guard === 'auth-required' && !viewer) {
    return context.redirect(loginPathFor(pathname + search), 302);
  }
  if (route?.guard === 'no-auth-required' && viewer) {
    return context.redirect(safeRedirectPath(context.url.searchParams.get('redirect')), 302);
  }

  const response = await next();
  // A page rendered for one user must never be served from a cache to another.
  if (viewer) response.headers.set('Cache-Control', 'private, no-store');
  return response;
});

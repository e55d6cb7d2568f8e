import { defineMiddleware } from 'astro:middleware';
import { assertKnownGuards, findRoute, loginPathFor, ROUTES, safeRedirectPath } from './common/routes';

// Route guards run here, on the server, before any HTML is sent. A typo in a guard name throws
// while this module loads, which fails `astro build` and the start of the server.
assertKnownGuards(ROUTES);

export const onRequest = defineMiddleware(async (context, next) => {
  const viewer = context.locals.cfContext?.props?.viewer ?? null;
  context.locals.viewer = viewer;
  const route = findRoute(context.url.pathname);

  if (route?.guard === 'auth-required' && !viewer) {
    return context.redirect(loginPathFor(context.url.pathname + context.url.search), 302);
  }
  if (route?.guard === 'no-auth-required' && viewer) {
    return context.redirect(safeRedirectPath(context.url.searchParams.get('redirect')), 302);
  }

  const response = await next();
  // A page rendered for one user must never be served from a cache to another.
  if (viewer) response.headers.set('Cache-Control', 'private, no-store');
  return response;
});

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Viewer } from '../../src/common/viewer';
import { getDb } from '../db/client';
import type { SessionReads } from '../db/queries/sessions';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { toViewer } from '../views/account';
import { validateSessionToken } from './session';
import { answerSetsSessionCookie, clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';

/**
 * A prefetch: the app shell's (`Purpose: prefetch`) or the browser's own (`Sec-Purpose`). Its
 * answer may arrive after the browser's session changed (a password change gives the page a new
 * cookie while a prefetch with the old one is under way), so it must never set or clear the cookie.
 */
function isPrefetch(c: Context<AppEnv>): boolean {
  return /\bprefetch\b/.test(`${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`);
}

/**
 * Resolves the session cookie into c.var.viewer, renewing or clearing the cookie as needed. The
 * cookie is written once the answer exists, so it rides on pages too (a page is a Response of its
 * own, rendered by Astro, that never sees headers set before it) — unless the answer sets the
 * session cookie itself (a sign-in, a sign-out), which then has the last word, or it answers a
 * prefetch, which changes nothing in the browser.
 *
 * `readsByRoute` ("GET /api/…" → its reads): a route whose own D1 reads go in the session's batch,
 * so the request reads D1 once (decision 043); it finds their results in c.var.readWithSession.
 */
export const loadViewer = (readsByRoute: Readonly<Record<string, SessionReads>> = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('viewer', null);
    c.set('sessionId', null);
    c.set('user', null);
    c.set('readWithSession', null);
    let cookieChange: (() => void) | null = null;
    const token = readSessionCookie(c);
    if (token) {
      const alongside = readsByRoute[`${c.req.method} ${c.req.path}`] ?? null;
      const valid = await validateSessionToken(getDb(c.env), token, Date.now(), alongside);
      if (valid) {
        c.set('viewer', toViewer(valid.user));
        c.set('sessionId', valid.session.id);
        c.set('user', valid.user);
        if (alongside) c.set('readWithSession', valid.alongside);
        if (valid.renewed) cookieChange = () => writeSessionCookie(c, token, valid.session.expiresAt);
      } else {
        // Stale, ended or made up: the browser stops sending it.
        cookieChange = () => clearSessionCookie(c);
      }
    }
    await next();
    // A WebSocket upgrade's answer cannot carry headers of ours.
    if (cookieChange && c.res.status !== 101 && !answerSetsSessionCookie(c) && !isPrefetch(c)) cookieChange();
  });

/** 401 before anything else of the request is read (its body above all) when there is no session. */
export const requireViewer = createMiddleware<AppEnv>(async (c, next) => {
  currentViewer(c);
  await next();
});

/** The signed-in user and their session; answers 401 when there is none. */
export function currentViewer(c: Context<AppEnv>): { viewer: Viewer; sessionId: string; user: UserRow } {
  const viewer = c.get('viewer');
  const sessionId = c.get('sessionId');
  const user = c.get('user');
  if (!viewer || !sessionId || !user) throw new ApiError(401, 'UNAUTHENTICATED');
  return { viewer, sessionId, user };
}

import { atom } from 'nanostores';
import { needsAuthSync } from '../common/session-timing';
import type { Viewer } from '../common/viewer';
import { type ApiData, api, call, holdReadsWhileSessionEnds } from '../lib/api';
import type { AccountDetails } from '../lib/api-types';
import { readStoredAttribution } from '../lib/attribution-storage';
import { onTeardown, tearDown } from './teardown';

/** The signed-in user as the server last confirmed it; null once signed out. */
export const $viewer = atom<Viewer | null>(null);

/** Seeds the store with the user the server rendered the page for. */
export function setViewer(viewer: Viewer | null): void {
  $viewer.set(viewer);
}

function goToLogin(): void {
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
}

// Spec §2: after the first report of a signed-in user, a later report of no user sends the page
// to /login (e.g. the session was ended on another device).
let reportedUser = false;
// Set while this page signs out: its own sockets closing must not race it to /login?redirect=….
let signingOut = false;
/**
 * For a page that ends its own session by other means than signOut (deleting the account): the
 * 401s that follow must not race its own navigation to /login. Answers the function that undoes it.
 */
export function expectSessionEnd(): () => void {
  signingOut = true;
  return () => {
    signingOut = false;
  };
}

$viewer.listen((viewer) => {
  if (typeof window === 'undefined' || signingOut) return;
  if (viewer) reportedUser = true;
  else if (reportedUser) {
    // The session ended elsewhere: nothing of this user stays on the page or in storage.
    tearDown({ storage: true });
    goToLogin();
  }
});

/** When the server last confirmed this page's session (verifyAuth), or null. */
let lastSyncedAt: number | null = null;

/**
 * Asks the server who is signed in, and for a fresh live token. A 401 means the session ended
 * (signed out elsewhere, expired): the user is sent to /login. Answers null when there is no answer.
 */
export async function verifyAuth(): Promise<ApiData<typeof api.verifyAuth.$post> | null> {
  const result = await call(api.verifyAuth.$post());
  if (result.ok) {
    lastSyncedAt = Date.now();
    $viewer.set(result.data.user);
    if (result.data.needsSetup) void setUpNewUser();
    return result.data;
  }
  if (result.status === 401) {
    reportedUser = true; // a 401 on a signed-in page always means: go and sign in again
    $viewer.set(null);
  }
  return null;
}

let setupStarted = false;

/**
 * The account as new-user setup answered it on this page (the free credits and the first-run step
 * arrive with it, usually after the page was rendered); null until then.
 */
export const $setUpAccount = atom<AccountDetails | null>(null);

/** Spec §4: a new account runs setup once, with the attribution this browser collected. */
async function setUpNewUser(): Promise<void> {
  if (setupStarted) return;
  setupStarted = true;
  let result = await call(api.setupNewUser.$post({ json: { attribution: readStoredAttribution() } }));
  // 400: the stored record breaks the server's limits (edited by hand, kept by an older build).
  // The page no longer checks them itself, so setup goes on without it rather than never.
  if (!result.ok && result.status === 400) result = await call(api.setupNewUser.$post({ json: { attribution: null } }));
  if (!result.ok) {
    setupStarted = false; // the next verifyAuth tries again
    return;
  }
  $setUpAccount.set(result.data.account);
}

onTeardown(() => $setUpAccount.set(null));

/** Signs out this browser, or with `everywhere` every device of the account. */
export async function signOut({ everywhere = false } = {}): Promise<void> {
  signingOut = true;
  // A read a live event starts from here on would only be refused: none is sent.
  holdReadsWhileSessionEnds();
  await call(everywhere ? api.logoutEverywhere.$post() : api.logout.$post());
  $viewer.set(null);
  tearDown({ storage: true });
  window.location.assign('/login');
}

/**
 * Spec §2's guard on every navigation: a page the browser shows again without asking the server
 * (back/forward cache) or that comes back into view re-validates the user with the server.
 */
export function revalidateOnReturn(): () => void {
  const onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) void verifyAuth();
  };
  // A tab brought back to the front checks again once what it knows is 5 minutes old (spec §9).
  const onVisible = (): void => {
    if (document.visibilityState === 'visible' && needsAuthSync(lastSyncedAt, Date.now())) void verifyAuth();
  };
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

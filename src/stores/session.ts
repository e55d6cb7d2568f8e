import { atom } from 'nanostores';
import type { SignedOutResponse, VerifyAuthResponse } from '../common/api-types';
import type { Viewer } from '../common/viewer';
import { apiCall } from '../lib/api';

/** The signed-in user as the server last confirmed it; null once signed out. */
export const $viewer = atom<Viewer | null>(null);

/** Seeds the store with the user the server rendered the page for. */
export function setViewer(viewer: Viewer | null): void {
  $viewer.set(viewer);
}

/**
 * Asks the server who is signed in, and for a fresh live token. A 401 means the session ended
 * (signed out elsewhere, expired): the user is sent to /login. Answers null when there is no answer.
 */
export async function verifyAuth(): Promise<VerifyAuthResponse | null> {
  const result = await apiCall<VerifyAuthResponse>('/verifyAuth', { method: 'POST' });
  if (result.ok) {
    $viewer.set(result.data.user);
    return result.data;
  }
  if (result.status === 401) {
    $viewer.set(null);
    const here = window.location.pathname + window.location.search;
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
  return null;
}

export async function signOut(): Promise<void> {
  await apiCall<SignedOutResponse>('/logout', { method: 'POST' });
  $viewer.set(null);
  window.location.assign('/login');
}

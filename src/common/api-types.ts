import type { Viewer } from './viewer';

// Success bodies of the API, shared by worker/api and the browser's client.
export interface SignedInResponse {
  user: Viewer;
}

export interface VerifyAuthResponse {
  user: Viewer;
  /** Opens /api/live for about a minute. */
  customToken: string;
}

export interface SignedOutResponse {
  signedOut: true;
}

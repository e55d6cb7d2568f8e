import type { AttemptRef } from './types';

// Carriers echo a short opaque state with every event of a fax (Telnyx: `client_state`, which its
// commands take base64-encoded). We put the attempt in it, so an event that arrives before the
// carrier's own id was stored still finds its attempt.

const PATTERN = /^fax:([A-Za-z0-9_-]{1,64}):(\d{1,3})$/;

export function encodeAttemptRef(ref: AttemptRef): string {
  return btoa(`fax:${ref.faxId}:${ref.attempt}`);
}

/** The attempt named by a client state, or null for anything we did not write. */
export function decodeAttemptRef(state: string | null | undefined): AttemptRef | null {
  if (!state) return null;
  let text: string;
  try {
    text = atob(state);
  } catch {
    return null;
  }
  const match = PATTERN.exec(text);
  if (!match) return null;
  const attempt = Number(match[2]);
  return attempt >= 1 ? { faxId: match[1]!, attempt } : null;
}

import type { ApiErrorBody, ErrorCode } from '../common/errors';

// The browser's one way to call /api: same-origin JSON with the session cookie. Failures come back
// as a value with a stable code (or NETWORK when the request never got an answer), never a throw.

export type ApiFailureCode = ErrorCode | 'NETWORK';
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: ApiFailureCode; message: string };

// Set while this page signs out: a read that a live event starts meanwhile would only be refused
// (and show up as a failed request), so it is not sent.
let sessionEnding = false;

/** Stops reads (GET) until the answered function is called; the page is leaving its session. */
export function holdReadsWhileSessionEnds(): () => void {
  sessionEnding = true;
  return () => {
    sessionEnding = false;
  };
}

export async function apiCall<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  if (sessionEnding && (init.method ?? 'GET') === 'GET') {
    return { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Signing out' };
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: 'Network error' };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload as T };
  const error = (payload as ApiErrorBody | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? 'INTERNAL',
    message: error?.message ?? response.statusText,
  };
}

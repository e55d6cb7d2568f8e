import appMessages from 'virtual:messages/app';
import navMessages from 'virtual:messages/nav';
import type { ApiClient } from '@worker/api-client';
import { type ClientResponse, hc } from 'hono/client';
import type { ApiErrorBody, ErrorCode } from '../common/errors';
import { translator } from '../i18n/translator';

// The browser's one way to call /api: Hono's typed client over the Worker's own routes (paths,
// queries, bodies and answers come from the Worker's zod schemas and `c.json` answers; see
// docs/decisions/020-typed-api-client.md). `call` turns an answer into a value with a stable code
// (or NETWORK when the request never got an answer), never a throw.

const t = translator({ app: appMessages, nav: navMessages });

export type ApiFailureCode = ErrorCode | 'NETWORK';
export type ApiFailure = { ok: false; status: number; code: ApiFailureCode; message: string };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

type SuccessStatus = 200 | 201 | 202;
/** The body a call answers on success, read from the route's own `c.json(…, status)`. */
export type SuccessData<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatus ? T : never) : never;
/** What a client method answers on success: `ApiData<typeof api.account.$get>`. */
export type ApiData<F extends (...args: never[]) => Promise<unknown>> = SuccessData<Awaited<ReturnType<F>>>;

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

/** Whether this page is signing out: nothing that needs the session should start now. */
export function isSessionEnding(): boolean {
  return sessionEnding;
}

function sessionAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (sessionEnding && (init?.method ?? 'GET').toUpperCase() === 'GET') {
    const body: ApiErrorBody = { error: { code: 'UNAUTHENTICATED', message: t('nav.signingOut') } };
    return Promise.resolve(Response.json(body, { status: 401 }));
  }
  return fetch(input, { ...init, credentials: 'same-origin' });
}

/**
 * The typed client of every /api route: `api.sendFax.$post({ json })`, `api.faxes[':faxId'].$get({ param })`.
 * Path parameters go in as they will appear in the URL: encode them (`encodeURIComponent`).
 */
export const api = hc('/api', { fetch: sessionAwareFetch }) as unknown as ApiClient;

/** Waits for a call of `api` and answers its body, or the failure's stable code and message. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<ApiResult<SuccessData<R>>> {
  let response: R;
  try {
    response = await request;
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: t('app.networkError') };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload as SuccessData<R> };
  const error = (payload as ApiErrorBody | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? 'INTERNAL',
    message: error?.message ?? response.statusText,
  };
}

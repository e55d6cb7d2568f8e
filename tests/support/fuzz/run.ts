import { type DocumentedAnswers, undocumentedAnswer } from './documented-answers';
import { type FuzzRequest, toRequest, type WebhookKeys } from './requests';
import type { FuzzRoute } from './routes';

// One generated request sent and judged, the same way in the seeded test and in the bench.

export interface FuzzTarget {
  baseUrl: string;
  keys: WebhookKeys;
  send(request: Request): Promise<Response>;
  /** A new signed-in account's session cookie (`name=value`): after a request ended the last one. */
  newSession(): Promise<string>;
}

export interface FuzzState {
  cookie: string | null;
  sessionsUsed: number;
  /** The new session being made, so requests in flight together make one. */
  renewing?: Promise<void> | null;
}

export interface FuzzResult {
  /** `404 NOT_FOUND`, or the bare status of a success. */
  answer: string;
  status: number;
  /** Why the answer breaks a rule, or null. */
  problem: string | null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Rules every answer keeps beyond the documented ones: the same-origin rule and webhook signatures. */
function brokenRule(route: FuzzRoute, request: FuzzRequest, status: number, answer: string): string | null {
  if (route.webhook && request.signature !== 'valid' && status < 400) {
    return `${route.key} accepted a webhook whose signature was ${request.signature} (${status})`;
  }
  const sameOrigin = request.origin === 'origin' || request.origin === 'fetch-site';
  if (!route.webhook && UNSAFE.has(route.method) && !sameOrigin && answer !== '403 CROSS_ORIGIN') {
    return `${route.key} answered ${answer} to a request from ${request.origin === 'none' ? 'no page' : 'another site'}, not 403 CROSS_ORIGIN`;
  }
  return null;
}

function endsSession(response: Response): boolean {
  return response.headers.getSetCookie().some((line) => /^(__Host-)?fax_session=;/.test(line));
}

export async function sendFuzzRequest(
  target: FuzzTarget,
  state: FuzzState,
  docs: DocumentedAnswers,
  route: FuzzRoute,
  request: FuzzRequest,
): Promise<FuzzResult> {
  const cookie = state.cookie;
  const response = await target.send(await toRequest(request, { baseUrl: target.baseUrl, cookie, keys: target.keys }, route.webhook));
  const text = await response.text();
  let code = '';
  if (response.status >= 400) {
    try {
      code = String((JSON.parse(text) as { error?: { code?: unknown } }).error?.code ?? '');
    } catch {}
  }
  const answer = code ? `${response.status} ${code}` : String(response.status);
  const problem = undocumentedAnswer(docs, route.key, response.status, text) ?? brokenRule(route, request, response.status, answer);
  // Sign-out, deletion and the like end the account's session: the next signed-in request gets a new one.
  if (request.session === 'user' && cookie === state.cookie && (endsSession(response) || answer === '401 UNAUTHENTICATED')) {
    state.renewing ??= target
      .newSession()
      .then((fresh) => {
        state.cookie = fresh;
        state.sessionsUsed += 1;
      })
      .finally(() => {
        state.renewing = null;
      });
    await state.renewing;
  }
  return { answer, status: response.status, problem };
}

/** Counts of each answer, in a stable order, for a report. */
export function tallyLines(tally: Map<string, number>): string[] {
  return [...tally.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([answer, count]) => `${answer.padEnd(36)} ${count}`);
}

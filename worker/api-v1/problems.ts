import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/common/errors';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { V1Env } from './v1-env';

// RFC 9457 problems (decision 046): every failure of /v1 is `application/problem+json` with a `type`
// that is a documented anchor of /developers, a short stable `title`, the `status`, a `detail` in
// words, field `errors[]` when the body or query is wrong, and the `request_id` to quote to support.
// The closed list below is published (GET /v1/openapi.json and docs/api-v1.md); a code of the site's
// API that /v1 can meet is answered as the problem of the same name, lower-cased.

export const PROBLEM_TYPES = {
  invalid_request: { status: 400, title: 'The request is not valid' },
  malformed_body: { status: 400, title: 'The body could not be read' },
  invalid_fax_number: { status: 400, title: 'A fax number could not be read' },
  invalid_send_time: { status: 400, title: 'The send time is out of range' },
  invalid_idempotency_key: { status: 400, title: 'The Idempotency-Key header is not valid' },
  too_many_pages: { status: 400, title: 'The fax has too many pages' },
  unsupported_file_type: { status: 400, title: 'The file type cannot be faxed' },
  encrypted_document: { status: 400, title: 'The document is encrypted' },
  corrupt_document: { status: 400, title: 'The document is damaged' },
  document_too_complex: { status: 400, title: 'The document is too complex' },
  image_too_large: { status: 400, title: 'The image is too large' },
  webhook_url_refused: { status: 400, title: 'The webhook URL is refused' },
  document_url_refused: { status: 400, title: 'The document URL is refused' },
  document_unreachable: { status: 400, title: 'The document URL could not be fetched' },
  document_too_large: { status: 400, title: 'The document at the URL is too large' },
  unauthenticated: { status: 401, title: 'A valid API key is required' },
  insufficient_credits: { status: 402, title: 'Not enough credits' },
  insufficient_scope: { status: 403, title: 'The API key lacks a permission' },
  email_not_verified: { status: 403, title: 'The account e-mail is not verified' },
  test_key_required: { status: 403, title: 'This operation is for test keys' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  idempotency_in_flight: { status: 409, title: 'A request with this Idempotency-Key is in progress' },
  contact_exists: { status: 409, title: 'A contact has this fax number' },
  too_many_contacts: { status: 409, title: 'The phonebook is full' },
  too_many_webhook_endpoints: { status: 409, title: 'The account has all the webhook endpoints it may have' },
  fax_started: { status: 409, title: 'The fax has started' },
  fax_in_progress: { status: 409, title: 'The fax is on its way' },
  fax_not_ready: { status: 409, title: 'The fax is not ready' },
  payload_too_large: { status: 413, title: 'The body is too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported content type' },
  idempotency_key_reused: { status: 422, title: 'The Idempotency-Key was used for another request' },
  rate_limited: { status: 429, title: 'Too many requests' },
  sandbox_limit_reached: { status: 429, title: "Today's sandbox faxes have been made" },
  internal: { status: 500, title: 'Something went wrong on our side' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemType = keyof typeof PROBLEM_TYPES;

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure of /v1, shaped by `problemResponse`. */
export class Problem extends HTTPException {
  readonly type: ProblemType;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(type: ProblemType, detail?: string, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(PROBLEM_TYPES[type].status as ContentfulStatusCode, { message: detail ?? PROBLEM_TYPES[type].title });
    this.type = type;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export function isProblemType(value: string): value is ProblemType {
  return Object.hasOwn(PROBLEM_TYPES, value);
}

/** Where a problem type is documented: its anchor on /developers. */
export function problemTypeUrl(env: Env, requestUrl: string, type: ProblemType): string {
  const origin = readConfig(env).PUBLIC_ORIGIN ?? new URL(requestUrl).origin;
  return `${origin.replace(/\/$/, '')}/developers#problem-${type.replaceAll('_', '-')}`;
}

export function problemResponse(c: Context<V1Env>, problem: Problem): Response {
  const { title, status } = PROBLEM_TYPES[problem.type];
  const body = {
    type: problemTypeUrl(c.env, c.req.url, problem.type),
    title,
    status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
    request_id: c.get('requestId'),
  };
  const headers = new Headers({ ...c.get('rateLimitHeaders'), ...problem.headers });
  headers.set('content-type', 'application/problem+json');
  return new Response(JSON.stringify(body), { status, headers });
}

/** The site's failure (ApiError, thrown by the shared feature functions) as the problem /v1 answers. */
export function problemOf(err: Error): Problem | null {
  if (err instanceof Problem) return err;
  if (err instanceof ApiError) {
    const type = err.code.toLowerCase();
    const headers = err.headers;
    if (isProblemType(type)) return new Problem(type, err.message, { headers });
    return new Problem(statusProblem(err.status, err.code), err.message, { headers });
  }
  if (err instanceof HTTPException) return new Problem(err.status === 413 ? 'payload_too_large' : 'malformed_body');
  return null;
}

function statusProblem(status: number, code: ErrorCode): ProblemType {
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthenticated';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  // A code the list does not name yet is still the caller's doing when the site calls it so.
  console.warn(`/v1: no problem type for ${code}`);
  return status >= 500 ? 'internal' : 'invalid_request';
}

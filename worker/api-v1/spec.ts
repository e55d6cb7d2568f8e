import type { Hook } from '@hono/zod-openapi';
import { Problem } from './problems';
import { ProblemSchema } from './schemas';
import type { V1Env } from './v1-env';

// What every /v1 route shares in its OpenAPI description and its validation (decision 046).

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (`errors[]` names each field).',
  401: 'No valid API key.',
  402: 'Not enough credits.',
  403: 'The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only.',
  404: 'No such resource in this account (another account’s id answers the same).',
  409: 'A conflict: the resource’s state, or an Idempotency-Key still in flight.',
  413: 'The body is too large.',
  415: 'The body is not of a type this call takes.',
  422: 'The Idempotency-Key was used with another request.',
  429: 'Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again.',
};

/** The problem answers of a route, by status, as OpenAPI responses. */
export function problemResponses(...statuses: Array<keyof typeof PROBLEM_DESCRIPTIONS>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: PROBLEM_DESCRIPTIONS[status]!, content: { 'application/problem+json': { schema: ProblemSchema } } },
    ]),
  ) as Record<number, { description: string; content: { 'application/problem+json': { schema: typeof ProblemSchema } } }>;
}

/** A request that fails its schema is a 400 `invalid_request` naming every field that failed. */
export const v1Hook: Hook<unknown, V1Env, string, unknown> = (result) => {
  if (result.success) return;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : result.target,
    message: issue.message,
  }));
  throw new Problem('invalid_request', `The ${result.target === 'json' ? 'body' : result.target} has ${errors.length} error(s).`, {
    errors,
  });
};

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody, ErrorCode } from '../../src/common/errors';
import { ApiError, defaultMessage } from './api-error';

function body(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** The one place errors become responses. Unexpected errors are logged and never leak details. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json(body(err.code, err.message), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Hono's own failures (e.g. a JSON body that does not parse) are the caller's doing.
    const code: ErrorCode = err.status === 400 ? 'MALFORMED_BODY' : err.status === 404 ? 'NOT_FOUND' : 'INVALID_INPUT';
    return c.json(body(code, defaultMessage(code)), err.status < 500 ? err.status : 400);
  }
  console.error('Unhandled error', c.req.method, new URL(c.req.url).pathname, err);
  return c.json(body('INTERNAL', defaultMessage('INTERNAL')), 500);
}

export function notFound(c: Context): Response {
  return c.json(body('NOT_FOUND', defaultMessage('NOT_FOUND')), 404);
}

import type { Context } from 'hono';
import type { ZodError, ZodType } from 'zod';
import { isErrorCode } from '../../src/common/errors';
import { t } from '../../src/i18n/t';
import { ApiError, defaultMessage } from './api-error';

// The e-mail and password changes report failures with just two reasons (spec §5):
// INVALID_CURRENT_PASSWORD, or OTHER for everything else. The message still says what was wrong
// (e.g. the rule a new password broke). Bodies are read here rather than by Hono's validator so a
// body that is not JSON is OTHER too.

function other(error: ZodError): ApiError {
  const issue = error.issues[0];
  const message =
    issue && isErrorCode(issue.message)
      ? defaultMessage(issue.message)
      : t('api.invalidValue', { field: issue?.path.join('.') || t('api.request') });
  return new ApiError(400, 'OTHER', message);
}

/** The JSON body parsed by `schema`, or 400 OTHER. */
export async function readChangeBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'OTHER', defaultMessage('MALFORMED_BODY'));
  }
  return parseChangeValue(schema, raw);
}

/** `value` parsed by `schema`, or 400 OTHER: for the new value, checked after the current password. */
export function parseChangeValue<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw other(parsed.error);
  return parsed.data;
}

import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { isErrorCode } from '../../src/common/errors';
import { t } from '../../src/i18n/t';
import { ApiError } from './api-error';

/** Which part of a request a validator reads, and the schema it reads it with. */
export interface ValidatedPart {
  target: keyof ValidationTargets;
  schema: ZodType;
}

// Each validator remembers its schema, so a route's inputs can be read off the app itself: the
// fuzzing of decision 029 generates every route's requests from these (tests/support/fuzz/routes.ts).
const validatedParts = new WeakMap<object, ValidatedPart>();

/** The part and schema a validator middleware checks, or null for any other handler. */
export function validatedPartOf(handler: unknown): ValidatedPart | null {
  return (typeof handler === 'function' && validatedParts.get(handler)) || null;
}

/**
 * zod validation for a request part. A failing rule whose message is an error code answers that
 * code (e.g. WEAK_PASSWORD); any other failure answers INVALID_INPUT naming the field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || target;
    if (issue && isErrorCode(issue.message)) {
      throw new ApiError(400, issue.message);
    }
    throw new ApiError(400, 'INVALID_INPUT', t('api.invalidField', { field, reason: issue?.message ?? t('api.missing') }));
  });
  validatedParts.set(middleware satisfies MiddlewareHandler, { target, schema });
  return middleware;
}

import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { isErrorCode } from '../../src/common/errors';
import { ApiError } from './api-error';
import { t } from '../../src/i18n/t';

/**
 * zod validation for a request part. A failing rule whose message is an error code answers that
 * code (e.g. WEAK_PASSWORD); any other failure answers INVALID_INPUT naming the field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || target;
    if (issue && isErrorCode(issue.message)) {
      throw new ApiError(400, issue.message);
    }
    throw new ApiError(400, 'INVALID_INPUT', t('api.invalidField', { field, reason: issue?.message ?? t('api.missing') }));
  });
}

import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/common/errors';
import { t } from '../../src/i18n/t';

/** An expected failure: answered as `{ error: { code, message } }` with its status by onError. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(status, { message: message ?? defaultMessage(code) });
    this.code = code;
    this.headers = headers;
  }
}

/** What the API says for a code when the failure has nothing more precise to say (en-US.json `api.errors`). */
export function defaultMessage(code: ErrorCode): string {
  return t(`api.errors.${code}`);
}

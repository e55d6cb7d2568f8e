import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error';

/** No JSON call needs more than this; a larger body is refused before it is read or parsed. */
const MAX_JSON_BODY_BYTES = 64 * 1024;

const jsonBodyLimit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
  },
});

// Routes that take file bytes set their own, larger limits: the one-shot upload and a resumable
// upload's chunks (worker/uploads/http.ts), and a phonebook file to import (worker/api/contact-files.ts).
// Exact method and path, so nothing else slips through.
const OWN_LIMIT_ROUTES: ReadonlyArray<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/files$/],
  ['PUT', /^\/api\/uploads\/[^/]+$/],
  ['POST', /^\/api\/(previewContactImport|importContacts)$/],
];

export const limitJsonBody: MiddlewareHandler = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (OWN_LIMIT_ROUTES.some(([method, pattern]) => c.req.method === method && pattern.test(path))) return next();
  return jsonBodyLimit(c, next);
};

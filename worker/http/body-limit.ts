import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error';

/** No JSON call needs more than this; a larger body is refused before it is read or parsed. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export const limitJsonBody = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
  },
});

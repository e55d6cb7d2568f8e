import { bodyLimit } from 'hono/body-limit';
import { ONE_SHOT_UPLOAD_MAX_BYTES } from '../../src/common/uploads';
import { t } from '../../src/i18n/t';
import { ApiError } from '../http/api-error';
import { readStreamPiecesAtMost, type StreamPieces } from '../http/bytes';

// Request handling shared by the file and upload routes, which take bytes rather than JSON and so
// set their own body limits (the app-wide 64 KB JSON limit skips them: worker/http/body-limit.ts).

/** 401 before any body is read. */
export { requireViewer } from '../auth/viewer';

export function oneShotTooLarge(): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', t('api.oneShotTooLarge', { kb: ONE_SHOT_UPLOAD_MAX_BYTES / 1024 }));
}

// Room for the multipart envelope around a file of the largest one-shot size.
const FORM_OVERHEAD_BYTES = 16 * 1024;

export const limitOneShotBody = bodyLimit({
  maxSize: ONE_SHOT_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
  onError: () => {
    throw oneShotTooLarge();
  },
});

/**
 * The raw request body, at most `maxBytes` (413 PAYLOAD_TOO_LARGE past it), in the pieces it came
 * in: a chunk is up to 8 MB, and joining it was a copy of that size in one turn, then another
 * when R2 took it whole (it is streamed on instead: storage/bucket.ts). A body cut off by a
 * dropped connection (a read error, or fewer bytes than Content-Length) is 400 MALFORMED_BODY and
 * nothing of it is kept. Without Content-Length, what arrived is all there is: a shorter chunk,
 * which the client learns from `received`.
 */
export async function readRawBody(request: Request, maxBytes: number): Promise<StreamPieces> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
  if (!request.body) return { pieces: [], byteLength: 0 };
  let body: StreamPieces | null;
  try {
    body = await readStreamPiecesAtMost(request.body, maxBytes);
  } catch {
    throw new ApiError(400, 'MALFORMED_BODY');
  }
  if (body === null) throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
  // A body shorter than announced was cut off on the way: none of it is kept.
  if (Number.isFinite(declared) && body.byteLength !== declared) throw new ApiError(400, 'MALFORMED_BODY');
  return body;
}

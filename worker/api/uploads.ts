import { type Context, Hono } from 'hono';
import type { ApiErrorBody } from '../../src/common/errors';
import { createUploadSchema, UPLOAD_PART_BYTES, uploadOffsetQuerySchema, uploadParamSchema } from '../../src/common/uploads';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { readConfig } from '../env';
import { defaultMessage } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { completeUpload } from '../uploads/complete-upload';
import { readRawBody, requireViewer } from '../uploads/http';
import { cancelUpload, findLiveUpload, openUpload } from '../uploads/lifecycle';
import { receiveChunk } from '../uploads/receive-chunk';
import { toStoredFileView } from '../views/files';
import { toUploadStatusView } from '../views/uploads';

/** 409 UPLOAD_OFFSET_MISMATCH with the offset the server holds, where the client goes on from. */
function offsetMismatch(c: Context<AppEnv>, received: number): Response {
  const body: ApiErrorBody & { received: number } = {
    error: { code: 'UPLOAD_OFFSET_MISMATCH', message: defaultMessage('UPLOAD_OFFSET_MISMATCH') },
    received,
  };
  return c.json(body, 409);
}

// Resumable uploads (spec §4, §9; docs/decisions/013-resumable-uploads.md): open, send chunks at
// the offset the server holds, ask where it is after a drop, complete or cancel. Owner only.

export const uploadsApi = new Hono<AppEnv>()
  .use('/uploads', requireViewer)
  .use('/uploads/*', requireViewer)

  .post('/uploads', validate('json', createUploadSchema), async (c) => {
    const upload = await openUpload(c.env, getDb(c.env), currentViewer(c).viewer.id, c.req.valid('json'), readConfig(c.env));
    return c.json(toUploadStatusView(upload), 201);
  })

  .get('/uploads/:uploadId', validate('param', uploadParamSchema), async (c) => {
    const upload = await findLiveUpload(c.env, getDb(c.env), currentViewer(c).viewer.id, c.req.valid('param').uploadId);
    return c.json(toUploadStatusView(upload), 200);
  })

  .put('/uploads/:uploadId', validate('param', uploadParamSchema), validate('query', uploadOffsetQuerySchema), async (c) => {
    const db = getDb(c.env);
    const upload = await findLiveUpload(c.env, db, currentViewer(c).viewer.id, c.req.valid('param').uploadId);
    const { offset } = c.req.valid('query');
    // Refused before its bytes are read: the client asks nothing more than where to go on from.
    if (upload.state !== 'open' || offset !== upload.received) return offsetMismatch(c, upload.received);
    const chunk = await readRawBody(c.req.raw, UPLOAD_PART_BYTES);
    const answer = await receiveChunk(c.env, db, upload, offset, chunk);
    return answer.accepted ? c.json({ received: answer.received }, 200) : offsetMismatch(c, answer.received);
  })

  .post('/uploads/:uploadId/complete', validate('param', uploadParamSchema), async (c) => {
    const db = getDb(c.env);
    const upload = await findLiveUpload(c.env, db, currentViewer(c).viewer.id, c.req.valid('param').uploadId);
    const file = await completeUpload(c.env, db, upload, readConfig(c.env));
    return c.json(toStoredFileView(file), 201);
  })

  .delete('/uploads/:uploadId', validate('param', uploadParamSchema), async (c) => {
    const db = getDb(c.env);
    const upload = await findLiveUpload(c.env, db, currentViewer(c).viewer.id, c.req.valid('param').uploadId);
    await cancelUpload(c.env, db, upload);
    return c.json({ canceled: true }, 200);
  });

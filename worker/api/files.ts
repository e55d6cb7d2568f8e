import { Hono } from 'hono';
import { z } from 'zod';
import { fileNameSchema, fileParamSchema, ONE_SHOT_UPLOAD_MAX_BYTES } from '../../src/common/uploads';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findFileOfUser } from '../db/queries/files';
import { inlineDisposition, STORED_CONTENT_TYPE } from '../documents/file-view';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { readObjectStream } from '../storage/bucket';
import { limitOneShotBody, oneShotTooLarge, requireViewer } from '../uploads/http';
import { storeDocument } from '../uploads/store-document';
import { toStoredFileView } from '../views/files';

// Stored documents: the one-shot upload (spec §4: blobs up to 256 KB), metadata and the PDF itself.
// Larger files come through /api/uploads (worker/api/uploads.ts).

const oneShotFormSchema = z.object({ file: z.instanceof(File) });

export const filesApi = new Hono<AppEnv>()
  .use('/files', requireViewer)
  .use('/files/*', requireViewer)

  .post('/files', limitOneShotBody, validate('form', oneShotFormSchema), async (c) => {
    const { viewer } = currentViewer(c);
    const { file } = c.req.valid('form');
    if (file.size > ONE_SHOT_UPLOAD_MAX_BYTES) throw oneShotTooLarge();
    const name = fileNameSchema.safeParse(file.name);
    if (!name.success) throw new ApiError(400, 'INVALID_INPUT', t('api.invalidValue', { field: t('api.fileName') }));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const row = await storeDocument(c.env, getDb(c.env), viewer.id, name.data, bytes, readConfig(c.env));
    return c.json(toStoredFileView(row), 201);
  })

  .get('/files/:fileId', validate('param', fileParamSchema), async (c) => {
    const row = await findFileOfUser(getDb(c.env), currentViewer(c).viewer.id, c.req.valid('param').fileId);
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    return c.json(toStoredFileView(row), 200);
  })

  // The stored PDF, shown inline (the send page's preview).
  .get('/files/:fileId/content', validate('param', fileParamSchema), async (c) => {
    const row = await findFileOfUser(getDb(c.env), currentViewer(c).viewer.id, c.req.valid('param').fileId);
    const object = row ? await readObjectStream(c.env, row.r2Key) : null;
    if (!row || !object) throw new ApiError(404, 'NOT_FOUND');
    return c.body(object.body, 200, {
      'Content-Type': STORED_CONTENT_TYPE,
      'Content-Length': String(object.size),
      'Content-Disposition': inlineDisposition(row.name),
      ETag: object.httpEtag,
    });
  });

import { Hono } from 'hono';
import { FAX_FIRST_PAGE_SIZE, FAX_NEXT_PAGE_SIZE } from '../../src/common/faxes';
import {
  type DeleteForeverResult,
  deleteFaxesForeverSchema,
  faxIdsSchema,
  type TrashChangeResult,
  type TrashListPage,
  trashListQuerySchema,
} from '../../src/common/trash';
import { t } from '../../src/i18n/t';
import { currentViewer } from '../auth/viewer';
import { decodeFaxCursor } from '../domain/fax-cursor';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { userStore } from '../user-store/stub';
import type { TrashChange } from '../user-store/trash';
import { toFaxListPage } from '../views/faxes';

// The trash (decision 024, spec §3 trash document): its list, moving faxes in and out, and deleting
// them forever. All or none: a fax id the user has no fax by answers 404 exactly like another
// user's, and nothing moves.

function answerMove(result: TrashChange): TrashChangeResult {
  if (result === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
  if (result === 'IN_PROGRESS') throw new ApiError(409, 'FAX_IN_PROGRESS');
  return result;
}

export const trashApi = new Hono<AppEnv>()
  // Newest first, 30 then pages of 20, like the history; `total` is every fax in the trash.
  .get('/trash', validate('query', trashListQuerySchema), async (c) => {
    const { user } = currentViewer(c);
    const { cursor } = c.req.valid('query');
    const after = cursor ? decodeFaxCursor(cursor) : null;
    if (cursor && !after) throw new ApiError(400, 'INVALID_INPUT', t('api.invalidValue', { field: t('api.cursor') }));
    const limit = after ? FAX_NEXT_PAGE_SIZE : FAX_FIRST_PAGE_SIZE;
    const read = await userStore(c.env, user.id).listTrash(after, limit + 1);
    const body: TrashListPage = toFaxListPage(read, limit);
    return c.json(body, 200);
  })

  .post('/trashFaxes', validate('json', faxIdsSchema), async (c) => {
    const { user } = currentViewer(c);
    const result = await userStore(c.env, user.id).moveToTrash(c.req.valid('json').faxIds, true, Date.now());
    return c.json(answerMove(result), 200);
  })

  .post('/restoreFaxes', validate('json', faxIdsSchema), async (c) => {
    const { user } = currentViewer(c);
    const result = await userStore(c.env, user.id).moveToTrash(c.req.valid('json').faxIds, false, Date.now());
    return c.json(answerMove(result), 200);
  })

  // Named faxes (all in the trash), or `{ all: true }`: up to 500 a call, `remaining` says how many are left.
  .post('/deleteFaxesForever', validate('json', deleteFaxesForeverSchema), async (c) => {
    const { user } = currentViewer(c);
    const body = c.req.valid('json');
    const result = await userStore(c.env, user.id).deleteForever('all' in body ? 'ALL' : body.faxIds);
    if (result === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND');
    if (result === 'NOT_IN_TRASH') throw new ApiError(409, 'NOT_IN_TRASH');
    const answer: DeleteForeverResult = result;
    return c.json(answer, 200);
  });

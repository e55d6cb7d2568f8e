import { type Context, Hono } from 'hono';
import {
  type AccountJobStatus,
  type DevAccountDeleteResponse,
  isJobId,
  retryAccountJobSchema,
  type StartAccountDeletionResponse,
} from '../../src/common/account-deletion';
import { t } from '../../src/i18n/t';
import { clearSessionCookie } from '../auth/session-cookie';
import { requireRecentSecondFactor } from '../auth/step-up';
import { currentViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { findJob } from '../db/queries/jobs';
import type { JobRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { requireDevTools } from '../http/dev-tools';
import { requireSameOrigin } from '../http/same-origin';
import { validate } from '../http/validate';
import { deleteAccountNow } from '../jobs/delete-account';
import { retryAccountDeletion, startAccountDeletion } from '../jobs/start-account-deletion';
import { JOB_WATCHER_TAG, jobHubStub } from '../live/job-channel';
import { toJobStatus } from '../views/jobs';

/**
 * The job named by the `jobId` query. The id is the capability (no session: the deletion ends
 * it), so a malformed and an unknown id look the same: 404.
 */
async function jobFromQuery(c: Context<AppEnv>): Promise<JobRow> {
  const jobId = c.req.query('jobId');
  const job = isJobId(jobId) ? await findJob(getDb(c.env), jobId) : null;
  if (!job) throw new ApiError(404, 'NOT_FOUND');
  return job;
}

export const accountDeletionApi = new Hono<AppEnv>()
  .get('/fullAccountDelete', requireSameOrigin, async (c) => {
    const { viewer, user } = currentViewer(c);
    await requireRecentSecondFactor(c, user);
    const jobId = await startAccountDeletion(c.env, viewer.id);
    if (!jobId) throw new ApiError(401, 'UNAUTHENTICATED');
    clearSessionCookie(c);
    return c.json({ started: true, jobId } satisfies StartAccountDeletionResponse, 200);
  })

  // Development only (spec §6): 404 exactly like an unknown route unless DEV_TOOLS is on.
  .get('/devAccountDelete', requireDevTools, requireSameOrigin, async (c) => {
    const { viewer } = currentViewer(c);
    await deleteAccountNow(c.env, viewer.id);
    clearSessionCookie(c);
    return c.json({ deleted: true } satisfies DevAccountDeleteResponse, 200);
  })

  .get('/accountJobStatus', async (c) => {
    const job = await jobFromQuery(c);
    return c.json(toJobStatus(job) satisfies AccountJobStatus, 200);
  })

  .post('/retryAccountJob', validate('json', retryAccountJobSchema), async (c) => {
    const job = await retryAccountDeletion(c.env, c.req.valid('json').jobId);
    if (!job) throw new ApiError(404, 'NOT_FOUND');
    return c.json(toJobStatus(job) satisfies AccountJobStatus, 200);
  })

  // The job's own live channel (job.updated events), for its page.
  .get('/live/job', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(400, 'INVALID_INPUT', t('api.webSocketExpected'));
    }
    // Browsers always send Origin on a WebSocket; another site's page must not open ours.
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'CROSS_ORIGIN');
    const job = await jobFromQuery(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-session-id', JOB_WATCHER_TAG);
    return jobHubStub(c.env, job.id).fetch(new Request(c.req.raw, { headers }));
  });

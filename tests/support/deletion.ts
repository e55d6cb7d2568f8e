import { createExecutionContext, createMessageBatch, getQueueResult, type MessageBatchMessage, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import type { AccountJobStatus, JobState } from '../../src/common/account-deletion';
import worker from '../../worker/app';
import { insertStoreContact } from '../../worker/db/store/contacts';
import { setPeriodCredits } from '../../worker/db/store/credits';
import { createSendFax } from '../../worker/db/store/faxes';
import { putUserDocument } from '../../worker/storage/documents';
import { userHubStub } from '../../worker/user-store/stub';
import type { UserHub } from '../../worker/user-store/user-hub';
import { call, ORIGIN } from './client';
import { insertSessionCookie, insertUser } from './db';
import { LiveSocket } from './live';
import { waitFor } from './wait';

// Arranging and checking account deletion: job rows, queue deliveries, the job's live channel and
// a sweep of every table for what is left of a user.

export interface JobRowRaw {
  id: string;
  user_id: string;
  kind: string;
  state: JobState;
  progress: number;
  step: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export async function jobRow(jobId: string): Promise<JobRowRaw | null> {
  return env.DB.prepare('SELECT * FROM jobs WHERE id = ?').bind(jobId).first<JobRowRaw>();
}

/** A deletion job row made straight in D1 (no message is queued for it). */
export async function insertDeletionJob(
  userId: string,
  fields: Partial<Pick<JobRowRaw, 'state' | 'progress' | 'step' | 'error'>> = {},
): Promise<JobRowRaw> {
  const now = Date.now();
  const row: JobRowRaw = {
    id: crypto.randomUUID(),
    user_id: userId,
    kind: 'account-delete',
    state: fields.state ?? 'queued',
    progress: fields.progress ?? 0,
    step: fields.step ?? null,
    error: fields.error ?? null,
    created_at: now,
    updated_at: now,
  };
  await env.DB.prepare(
    'INSERT INTO jobs (id, user_id, kind, state, progress, step, error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(row.id, row.user_id, row.kind, row.state, row.progress, row.step, row.error, row.created_at, row.updated_at)
    .run();
  return row;
}

let messageCounter = 0;

/** Hands one `account.delete` message to the queue handler, as the queue would; answers what it acked or retried. */
export async function deliverDeletion(jobId: string, userId: string, attempts = 1) {
  messageCounter += 1;
  const message: MessageBatchMessage = {
    id: `deletion-${messageCounter}`,
    timestamp: new Date(),
    attempts,
    body: { kind: 'account.delete', jobId, userId },
  };
  const batch = createMessageBatch('account-jobs', [message]);
  await worker.queue(batch, env);
  return { message, result: await getQueueResult(batch, createExecutionContext()) };
}

export async function jobStatus(jobId: string): Promise<{ status: number; body: unknown }> {
  const response = await call(`/api/accountJobStatus?jobId=${encodeURIComponent(jobId)}`);
  return { status: response.status, body: await response.json() };
}

/** Polls the status endpoint, as the deletion page does, until the job is done. */
export async function waitForJobDone(jobId: string, timeoutMs = 8000): Promise<AccountJobStatus> {
  return waitFor(
    async () => {
      const { status, body } = await jobStatus(jobId);
      return status === 200 && (body as AccountJobStatus).state === 'done' ? (body as AccountJobStatus) : null;
    },
    { timeoutMs, intervalMs: 100, what: `job ${jobId} to be done` },
  );
}

/** Asks for the job's live channel as a page of this site would; a null header is left out. */
export function requestJobLive(jobId: string, headers: Record<string, string | null> = {}): Promise<Response> {
  const merged: Record<string, string | null> = { upgrade: 'websocket', origin: ORIGIN, ...headers };
  const sent = new Headers();
  for (const [name, value] of Object.entries(merged)) if (value !== null) sent.set(name, value);
  return exports.default.fetch(new Request(`${ORIGIN}/api/live/job?jobId=${encodeURIComponent(jobId)}`, { headers: sent }));
}

export async function openJobLive(jobId: string): Promise<LiveSocket> {
  const response = await requestJobLive(jobId);
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`job live upgrade failed: ${response.status} ${await response.text()}`);
  }
  return new LiveSocket(response.webSocket);
}

// Tables that hold nothing of any one user: product options, hashed abuse counters that expire on
// their own, and the local mail outbox (dev and tests only: it stands in for the recipient's inbox).
// The ledger is anonymised by design: fax_ledger (before decision 042) kept a fax id, pages and
// credits, fax_ledger_periods keeps totals per month; never a person.
const NOT_USER_DATA = new Set(['options', 'rate_limits', 'outbox', 'fax_ledger', 'fax_ledger_periods']);

/** Every application table of the database, from sqlite_master (SQLite, D1 and migration tables left out). */
export async function applicationTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name`,
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Every row, in every table that may hold user data, in which one of the values appears. */
export async function rowsMentioning(...values: string[]): Promise<Array<{ table: string; row: unknown }>> {
  const found: Array<{ table: string; row: unknown }> = [];
  for (const table of await applicationTables()) {
    if (NOT_USER_DATA.has(table)) continue;
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all();
    for (const row of results) {
      const text = JSON.stringify(row).toLowerCase();
      if (values.some((value) => text.includes(value.toLowerCase()))) found.push({ table, row });
    }
  }
  return found;
}

export async function objectKeysUnder(prefix: string): Promise<string[]> {
  const listed = await env.DOCUMENTS.list({ prefix });
  return listed.objects.map((o) => o.key);
}

/** A user with a session, three documents, and a fax and a contact in their own store; its job row is made by each test. */
export async function userWithDocuments() {
  const user = await insertUser();
  await insertSessionCookie(user.id);
  for (const id of ['a', 'b', 'c']) await putUserDocument(env, user.id, id, `%PDF ${id}`, 'application/pdf');
  await runInDurableObject(userHubStub(env, user.id), (hub: UserHub) => {
    setPeriodCredits(hub.store, { defaultCreditsSend: 10, defaultCreditsReceive: 10 }, Date.now());
    const fax = { id: crypto.randomUUID(), toNumber: '+12125550123', pageCount: 1, fileId: 'a', fileName: 'a.pdf', coverPage: null };
    createSendFax(hub.store, { ...fax, anonymous: false, now: Date.now() });
    insertStoreContact(
      hub.store,
      crypto.randomUUID(),
      { name: 'Ada', faxNumber: '+12125550123', company: '', email: '', note: '' },
      Date.now(),
    );
  });
  return user;
}

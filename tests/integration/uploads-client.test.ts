import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AbortedError, type UploadDeps } from '../../src/lib/upload/transport';
import type { StorageError, UploadState, UploadTask } from '../../src/lib/upload/types';
import { createUploadTask } from '../../src/lib/upload/upload-task';
import { ORIGIN } from '../support/client';
import { passwordAccount } from '../support/db';
import { makeEncryptedPdf, makePdf, md5Of, noiseBytes } from '../support/documents';

// The browser's upload client (src/lib/upload) driven against the real Worker, with a fake clock
// and a network that fails when a test says so.

const MiB = 1024 * 1024;

/** `now` is the fake clock, so a test can cut the network for a stretch of time. */
type Fault = (request: { method: string; path: string; index: number; now: number }) => 'drop-before' | 'drop-after' | Response | null;

interface Harness {
  deps: UploadDeps;
  sleeps: number[];
  requests: string[];
  elapsed: () => number;
}

function harness(cookie: string | null, fault: Fault = () => null): Harness {
  let clock = 0;
  const sleeps: number[] = [];
  const requests: string[] = [];
  const deps: UploadDeps = {
    apiBase: '/api',
    async fetch(url, init) {
      const method = init.method ?? 'GET';
      const path = url.replace(/\?.*$/, '');
      requests.push(`${method} ${path}`);
      const verdict = fault({ method, path, index: requests.length, now: clock });
      if (verdict instanceof Response) return verdict;
      if (verdict === 'drop-before') throw new TypeError('Failed to fetch');
      const headers = new Headers(init.headers);
      headers.set('origin', ORIGIN);
      if (cookie) headers.set('cookie', cookie);
      const response = await exports.default.fetch(new Request(ORIGIN + url, { ...init, headers }));
      if (verdict === 'drop-after') {
        await response.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      return response;
    },
    async sleep(ms, signal) {
      if (signal.aborted) throw new AbortedError();
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 0.5,
  };
  return { deps, sleeps, requests, elapsed: () => clock };
}

function statesOf(task: UploadTask): UploadState[] {
  const states: UploadState[] = [];
  task.$snapshot.subscribe((snapshot) => {
    if (states.at(-1) !== snapshot.state) states.push(snapshot.state);
  });
  return states;
}

async function failureOf(task: UploadTask): Promise<StorageError> {
  return task.done.then(
    () => {
      throw new Error('the upload should have failed');
    },
    (error: StorageError) => error,
  );
}

async function storedMd5(fileId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT r2_key AS key, md5_hash AS md5 FROM files WHERE id = ?')
    .bind(fileId)
    .first<{ key: string; md5: string }>();
  const object = await env.DOCUMENTS.get(row!.key);
  expect(md5Of(new Uint8Array(await object!.arrayBuffer()))).toBe(row!.md5);
  return row!.md5;
}

describe('startUpload against the Worker', () => {
  it('sends a small file in one POST /api/files', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await makePdf(2);
    const { deps, requests } = harness(cookie);
    const task = createUploadTask(new Blob([bytes]), 'letter.pdf', deps);
    const states = statesOf(task);
    const file = await task.done;
    expect(file).toEqual({
      fileId: expect.any(String),
      pageCount: 2,
      size: bytes.byteLength,
      contentType: 'application/pdf',
      name: 'letter.pdf',
    });
    expect(requests).toEqual(['POST /api/files']);
    expect(states).toEqual(['running', 'success']);
    expect(task.$snapshot.get()).toMatchObject({ bytesTransferred: bytes.byteLength, totalBytes: bytes.byteLength, file, error: null });
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false);
  });

  it('goes on after dropped connections from what GET status says, and stores the exact bytes', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await makePdf(3, { padBytes: 10 * MiB });
    let puts = 0;
    const { deps, requests, sleeps } = harness(cookie, ({ method }) => {
      if (method !== 'PUT') return null;
      puts += 1;
      if (puts === 3) return 'drop-after'; // the server got it, the answer was lost
      if (puts === 6) return 'drop-before';
      if (puts === 8) return new Response('{}', { status: 503, headers: { 'retry-after': '7' } });
      return null;
    });
    const task = createUploadTask(new Blob([bytes], { type: 'application/pdf' }), 'archive.pdf', deps);
    const file = await task.done;
    expect(file.pageCount).toBe(3);
    expect(await storedMd5(file.fileId)).toBe(md5Of(bytes));
    expect(requests.filter((r) => r.startsWith('GET'))).toHaveLength(3);
    expect(sleeps).toEqual([1500, 1500, 7000]);
    expect(task.$snapshot.get()).toMatchObject({ state: 'success', bytesTransferred: bytes.byteLength });
  });

  it('pauses, resumes from the server, and finishes', async () => {
    const { cookie } = await passwordAccount();
    const bytes = await makePdf(1, { padBytes: 3 * MiB });
    const { deps } = harness(cookie);
    const task = createUploadTask(new Blob([bytes]), 'paused.pdf', deps);
    const states = statesOf(task);
    const paused = new Promise<void>((resolve) => {
      task.$snapshot.subscribe((snapshot) => {
        if (snapshot.bytesTransferred > 0 && snapshot.state === 'running' && states.length === 1) expect(task.pause()).toBe(true);
        if (snapshot.state === 'paused') resolve();
      });
    });
    await paused;
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false); // spec §4: not from paused
    expect(task.resume()).toBe(true);
    const file = await task.done;
    expect(await storedMd5(file.fileId)).toBe(md5Of(bytes));
    expect(states).toEqual(['running', 'pausing', 'paused', 'running', 'success']);
  });

  it('cancels: storage/canceled, and the server holds nothing of it', async () => {
    const { cookie, userId } = await passwordAccount();
    const { deps } = harness(cookie);
    const task = createUploadTask(new Blob([noiseBytes(2 * MiB)]), 'gone.pdf', deps);
    const states = statesOf(task);
    task.$snapshot.subscribe((snapshot) => {
      if (snapshot.bytesTransferred > 0 && snapshot.state === 'running') task.cancel();
    });
    const error = await failureOf(task);
    expect(error).toEqual({ code: 'storage/canceled', message: 'User canceled the upload/download.', serverCode: null, status: 0 });
    expect(states).toEqual(['running', 'canceling', 'canceled']);
    expect(task.resume()).toBe(false);
    expect((await env.DOCUMENTS.list({ prefix: `users/${userId}/` })).objects).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM uploads WHERE user_id = ?').bind(userId).first('n')).toBe(0);
  });

  it("reports the server's refusal as invalid-argument with its code", async () => {
    const { cookie } = await passwordAccount();
    const encrypted = createUploadTask(new Blob([await makeEncryptedPdf()]), 'secret.pdf', harness(cookie).deps);
    expect(await failureOf(encrypted)).toMatchObject({ code: 'storage/invalid-argument', serverCode: 'ENCRYPTED_DOCUMENT', status: 400 });
    expect(encrypted.$snapshot.get().state).toBe('error');

    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noiseBytes(400 * 1024)]);
    const resumable = createUploadTask(new Blob([zip]), 'report.pdf', harness(cookie).deps);
    const error = await failureOf(resumable);
    expect(error).toMatchObject({ code: 'storage/invalid-argument', serverCode: 'UNSUPPORTED_FILE_TYPE', status: 415 });
    expect(error.message).toBe('Only PDF, PNG and JPEG files can be faxed.');
  });

  it('answers storage/unauthenticated without a session', async () => {
    const task = createUploadTask(new Blob([await makePdf(1)]), 'a.pdf', harness(null).deps);
    expect(await failureOf(task)).toMatchObject({
      code: 'storage/unauthenticated',
      message: 'User is not authenticated, please authenticate and try again.',
      status: 401,
    });
  });

  it('gives up with storage/retry-limit-exceeded after 10 minutes of failing', async () => {
    const { cookie } = await passwordAccount();
    const { deps, elapsed, sleeps } = harness(cookie, () => new Response('busy', { status: 500 }));
    const error = await failureOf(createUploadTask(new Blob([await makePdf(1)]), 'a.pdf', deps));
    expect(error).toMatchObject({
      code: 'storage/retry-limit-exceeded',
      message: 'Max retry time for operation exceeded, please try again.',
      status: 500,
    });
    expect(elapsed()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(elapsed()).toBeGreaterThan(8 * 60 * 1000);
    expect(sleeps.slice(0, 4)).toEqual([1500, 2500, 4500, 8500]);
  });

  describe('a resumable upload keeps its 10 minutes through every request', () => {
    const MINUTE = 60 * 1000;

    /** A network that is down from the `startAt`-th request matching `affects` for `minutes` (forever when null). */
    function outage(affects: (method: string) => boolean, startAt: number, minutes: number | null): Fault {
      let seen = 0;
      let downSince: number | null = null;
      return ({ method, now }) => {
        if (downSince === null && affects(method) && ++seen === startAt) downSince = now;
        if (downSince === null) return null;
        return minutes === null || now - downSince < minutes * MINUTE ? 'drop-before' : null;
      };
    }

    it('rides out a 5-minute outage mid-way and stores the exact bytes', async () => {
      const { cookie } = await passwordAccount();
      const bytes = await makePdf(2, { padBytes: 2 * MiB });
      const { deps, requests, elapsed } = harness(
        cookie,
        outage((method) => method === 'PUT', 2, 5),
      );
      const task = createUploadTask(new Blob([bytes], { type: 'application/pdf' }), 'long-outage.pdf', deps);
      const file = await task.done;
      expect(file.pageCount).toBe(2);
      expect(await storedMd5(file.fileId)).toBe(md5Of(bytes));
      expect(elapsed()).toBeGreaterThanOrEqual(5 * MINUTE);
      // The status reads between chunks are what kept failing; they no longer give up at 2 minutes.
      expect(requests.filter((r) => r.startsWith('GET')).length).toBeGreaterThan(5);
      expect(task.$snapshot.get()).toMatchObject({ state: 'success', bytesTransferred: bytes.byteLength });
    });

    it('gives up with storage/retry-limit-exceeded at 10 minutes of failing mid-way, not 2', async () => {
      const { cookie } = await passwordAccount();
      const bytes = await makePdf(1, { padBytes: 2 * MiB });
      const { deps, elapsed } = harness(
        cookie,
        outage((method) => method === 'PUT', 2, null),
      );
      const task = createUploadTask(new Blob([bytes]), 'never.pdf', deps);
      const error = await failureOf(task);
      expect(error).toMatchObject({
        code: 'storage/retry-limit-exceeded',
        message: 'Max retry time for operation exceeded, please try again.',
        status: 0,
      });
      expect(elapsed()).toBeGreaterThan(8 * MINUTE);
      expect(elapsed()).toBeLessThanOrEqual(10 * MINUTE);
      expect(task.$snapshot.get().state).toBe('error');
      expect(task.$snapshot.get().bytesTransferred).toBeGreaterThan(0);
    });

    it('opening and completing it also wait out 5 minutes of failing', async () => {
      const { cookie } = await passwordAccount();
      const bytes = await makePdf(1, { padBytes: 600 * 1024 });
      const opening = outage((method) => method === 'POST', 1, 5);
      const completing = outage((method) => method === 'POST', 1, 5);
      const { deps, requests, elapsed } = harness(cookie, (request) => {
        if (request.path.endsWith('/complete')) return completing(request);
        return opening(request);
      });
      const file = await createUploadTask(new Blob([bytes]), 'slow-ends.pdf', deps).done;
      expect(await storedMd5(file.fileId)).toBe(md5Of(bytes));
      expect(elapsed()).toBeGreaterThanOrEqual(10 * MINUTE);
      expect(requests.filter((r) => r === 'POST /api/uploads').length).toBeGreaterThan(5);
    });

    it('reads where it stood for 10 minutes on resume as well', async () => {
      const { cookie } = await passwordAccount();
      const bytes = await makePdf(1, { padBytes: 3 * MiB });
      let networkDown = false;
      let downSince = 0;
      const { deps, requests, elapsed } = harness(cookie, ({ now }) =>
        networkDown && now - downSince < 5 * MINUTE ? 'drop-before' : null,
      );
      const task = createUploadTask(new Blob([bytes]), 'resumed.pdf', deps);
      const paused = new Promise<void>((resolve) => {
        task.$snapshot.subscribe((snapshot) => {
          if (snapshot.bytesTransferred > 0 && snapshot.state === 'running' && !networkDown) task.pause();
          if (snapshot.state === 'paused') resolve();
        });
      });
      await paused;
      networkDown = true;
      downSince = elapsed();
      const statusReadsBefore = requests.filter((r) => r.startsWith('GET')).length;
      expect(task.resume()).toBe(true);
      const file = await task.done;
      expect(await storedMd5(file.fileId)).toBe(md5Of(bytes));
      expect(elapsed() - downSince).toBeGreaterThanOrEqual(5 * MINUTE);
      expect(requests.filter((r) => r.startsWith('GET')).length - statusReadsBefore).toBeGreaterThan(5);
    });
  });
});

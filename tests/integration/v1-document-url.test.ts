import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemOf, v1 } from '../support/api-keys';
import { makePdf, storedDocument } from '../support/documents';
import { sendCreditsOf, waitForFaxDone } from '../support/faxes';
import { integrator } from '../support/v1';
import { RECEIVER_HOST } from '../support/webhook-receiver';

// POST /v1/faxes with `document_url` (decision 050): the Worker fetches the document once, by the
// outgoing webhooks' address rules, reads at most the document limit, and stores and checks it as an
// upload. The customer's server is a fetch stub for https://hooks.receiver.test (a name
// vitest.config.ts makes resolve to a public address); rebound.receiver.test resolves to 127.0.0.1.

interface V1Fax {
  id: string;
  status: string;
  page_count: number;
  credits_charged: number;
}

const MiB = 1024 * 1024;

/** The customer's document server: answers by path, counts what was asked and what was read. */
function documentServer(routes: Record<string, () => Response>) {
  const realFetch = globalThis.fetch;
  const requested: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(new Request(input as RequestInfo, init).url);
    requested.push(url.toString());
    if (url.hostname !== RECEIVER_HOST) return realFetch(input as RequestInfo, init);
    return routes[url.pathname]?.() ?? new Response('not here', { status: 404 });
  });
  return { requested, url: (path: string) => `https://${RECEIVER_HOST}${path}` };
}

/** A body of `total` bytes (no Content-Length) streamed in 1 MiB chunks; `read()` says how much was pulled. */
function endlessBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += MiB;
      controller.enqueue(new Uint8Array(MiB));
    },
  });
  return { stream, read: () => pulled };
}

const send = (key: string, body: unknown, headers: Record<string, string> = {}) => v1('/faxes', key, { method: 'POST', body, headers });

async function faxCount(key: string): Promise<number> {
  const list = (await (await v1('/faxes', key)).json()) as { data: unknown[] };
  return list.data.length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /v1/faxes with document_url', () => {
  it('fetches the document once, sends it with its page count, and charges it as an upload', async () => {
    const pdf = await makePdf(2);
    const server = documentServer({ '/docs/invoice.pdf': () => new Response(pdf, { headers: { 'content-type': 'application/pdf' } }) });
    const me = await integrator(10);
    const body = { to: '2125550123', document_url: server.url('/docs/invoice.pdf') };
    const response = await send(me.key, body, { 'idempotency-key': 'doc-url-1' });
    expect(response.status, await response.clone().text()).toBe(201);
    const fax = (await response.json()) as V1Fax;
    expect(fax).toMatchObject({ status: 'queued', page_count: 2, credits_charged: 2 });
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 8, paid: 0 });
    // Stored as an upload of the account is: a files row under the URL's name.
    const file = await env.DB.prepare('SELECT name, page_count FROM files WHERE user_id = ?').bind(me.userId).first();
    expect(file).toEqual({ name: 'invoice.pdf', page_count: 2 });

    // A replay answers the first fax without fetching again.
    const replay = await send(me.key, body, { 'idempotency-key': 'doc-url-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as V1Fax).id).toBe(fax.id);
    expect(server.requested.filter((url) => url.endsWith('/docs/invoice.pdf'))).toHaveLength(1);

    expect(await waitForFaxDone(fax.id)).toMatchObject({ status: 'DELIVERED', page_count: 2, pages_sent: 2 });
  });

  it('sends one fetched document to many numbers, one fax each', async () => {
    const pdf = await makePdf(1);
    const server = documentServer({ '/memo': () => new Response(pdf) });
    const me = await integrator(10);
    const response = await send(me.key, { to: ['2125550123', '4155550100'], document_url: server.url('/memo') });
    expect(response.status, await response.clone().text()).toBe(201);
    const batch = (await response.json()) as { object: string; data: V1Fax[] };
    expect(batch.object).toBe('fax_batch');
    expect(batch.data.map((fax) => [fax.page_count, fax.credits_charged])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(server.requested).toEqual([server.url('/memo')]);
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 8, paid: 0 });
  });

  it('refuses private, loopback, link-local and privately resolving addresses, and http, without fetching or charging', async () => {
    const server = documentServer({
      '/docs/moved.pdf': () => new Response(null, { status: 302, headers: { location: 'https://10.1.2.3/internal.pdf' } }),
    });
    const me = await integrator(10);
    const refused = [
      'https://127.0.0.1/a.pdf',
      'https://2130706433/a.pdf',
      'https://10.0.0.1/a.pdf',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/a.pdf',
      'https://[::ffff:127.0.0.1]/a.pdf',
      'https://rebound.receiver.test/a.pdf',
      'https://v6.receiver.test/a.pdf',
      'https://localhost/a.pdf',
      `http://${RECEIVER_HOST}/docs/a.pdf`,
    ];
    for (const url of refused) {
      const response = await send(me.key, { to: '2125550123', document_url: url });
      expect(response.status, url).toBe(400);
      expect((await problemOf(response)).type, url).toMatch(/#problem-document-url-refused$/);
    }
    expect(server.requested).toEqual([]);
    // A redirect is checked as the URL was: the public server is asked, the private address never.
    const moved = await send(me.key, { to: '2125550123', document_url: server.url('/docs/moved.pdf') });
    const problem = await problemOf(moved);
    expect(problem.type).toMatch(/#problem-document-url-refused$/);
    expect(problem.detail).toMatch(/^Redirect 1/);
    expect(server.requested).toEqual([server.url('/docs/moved.pdf')]);
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 10, paid: 0 });
    expect(await faxCount(me.key)).toBe(0);
  });

  it('answers document_unreachable, document_too_large (without reading it all) and the upload problems', async () => {
    const huge = endlessBody(200 * MiB);
    const server = documentServer({
      '/docs/huge.pdf': () => new Response(huge.stream),
      '/docs/declared.pdf': () => new Response('%PDF-', { headers: { 'content-length': String(60 * MiB) } }),
      '/docs/note.txt': () => new Response('just words, not a document'),
      '/docs/broken': () => new Response('oops', { status: 503 }),
    });
    const me = await integrator(10);
    const problem = async (path: string) => {
      const response = await send(me.key, { to: '2125550123', document_url: server.url(path) });
      expect(response.status, path).toBe(400);
      return problemOf(response);
    };
    const missing = await problem('/docs/gone.pdf');
    expect(missing.type).toMatch(/#problem-document-unreachable$/);
    expect(missing.detail).toContain('404');
    expect((await problem('/docs/broken')).detail).toContain('503');
    const tooLarge = await problem('/docs/huge.pdf');
    expect(tooLarge.type).toMatch(/#problem-document-too-large$/);
    expect(huge.read()).toBeLessThanOrEqual(52 * MiB);
    expect((await problem('/docs/declared.pdf')).type).toMatch(/#problem-document-too-large$/);
    expect((await problem('/docs/note.txt')).type).toMatch(/#problem-unsupported-file-type$/);
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 10, paid: 0 });
    expect(await faxCount(me.key)).toBe(0);
  });

  it('takes exactly one of file_id and document_url', async () => {
    documentServer({});
    const me = await integrator(10);
    const fileId = await storedDocument(me.userId, 1);
    const both = await send(me.key, { to: '2125550123', file_id: fileId, document_url: `https://${RECEIVER_HOST}/docs/a.pdf` });
    expect(both.status).toBe(400);
    const problem = await problemOf(both);
    expect(problem.type).toMatch(/#problem-invalid-request$/);
    expect(problem.errors!.map((e) => e.field).sort()).toEqual(['document_url', 'file_id']);
    expect((await problemOf(await send(me.key, { to: '2125550123' }))).type).toMatch(/#problem-invalid-request$/);
    expect((await problemOf(await send(me.key, { to: '2125550123', document_url: 'not a url' }))).type).toMatch(
      /#problem-invalid-request$/,
    );
    expect(await sendCreditsOf(me.userId)).toEqual({ default: 10, paid: 0 });
  });
});

import { env, exports } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeAttemptRef, signAttemptOwner } from '../../worker/carrier/attempt-ref';
import { dispatchFax } from '../../worker/fax/dispatch';
import { signFaxMediaUrl } from '../../worker/fax/media-url';
import { errorCode } from '../support/client';
import { insertUser } from '../support/db';
import { attemptRows, faxRow, insertSendFax, SAMPLE_COVER, sendCreditsOf, setSendCredits } from '../support/faxes';

// Sending through Telnyx: only api.telnyx.com is stubbed (with answers shaped like Telnyx's docs);
// the media URL it is given is then fetched from the Worker as Telnyx would fetch it.

const ORIGIN = 'https://fax.example.com';
const telnyxEnv = (): Env =>
  ({
    ...env,
    CARRIER: 'telnyx',
    TELNYX_API_KEY: 'KEY0123_test',
    TELNYX_CONNECTION_ID: '1293384261075731499',
    PUBLIC_ORIGIN: ORIGIN,
  }) as Env;

interface Captured {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

let sent: Captured[] = [];
let answer: () => Response = () => new Response('{}', { status: 500 });

beforeEach(() => {
  sent = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== 'api.telnyx.com') return realFetch(input, init);
    sent.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: (await request.json()) as Record<string, unknown>,
    });
    return answer();
  });
});

afterEach(() => {
  answer = () => new Response('{}', { status: 500 });
});

/** Telnyx's 202 for POST /v2/faxes: the fax under `data` (docs: "Send a fax", response). */
function accepted(id: string): Response {
  return Response.json(
    {
      data: {
        record_type: 'fax',
        id,
        connection_id: '1293384261075731499',
        direction: 'outbound',
        from: '+18005550100',
        to: '+13127367276',
        media_url: `${ORIGIN}/api/faxMedia/x`,
        quality: 'high',
        status: 'queued',
        created_at: '2026-05-05T09:59:12Z',
        updated_at: '2026-05-05T09:59:12Z',
      },
    },
    { status: 202 },
  );
}

async function queuedFax(toNumber = '+13127367276') {
  const user = await insertUser();
  await setSendCredits(user.id, 0, 0);
  const fax = await insertSendFax(user.id, { documentPages: 2, cover: SAMPLE_COVER, toNumber });
  return { userId: user.id, ...fax };
}

describe('sending through Telnyx', () => {
  it('POSTs /v2/faxes with the connection, numbers, a signed media URL, our webhook and the attempt with its owner, signed', async () => {
    const { faxId, userId } = await queuedFax();
    const telnyxId = crypto.randomUUID();
    answer = () => accepted(telnyxId);
    expect(await dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 1)).toBe('sent');

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('https://api.telnyx.com/v2/faxes');
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('authorization')).toBe('Bearer KEY0123_test');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.body).toEqual({
      connection_id: '1293384261075731499',
      media_url: expect.stringMatching(new RegExp(`^${ORIGIN}/api/faxMedia/${faxId}\\?attempt=1&expires=\\d+&signature=[0-9a-f]{64}$`)),
      to: '+13127367276',
      from: '+18005550100',
      webhook_url: `${ORIGIN}/api/webhooks/telnyx`,
      client_state: expect.any(String),
    });
    const owner = await signAttemptOwner(env.FAX_REFERENCE_SECRET, { faxId, attempt: 1 }, userId);
    expect(decodeAttemptRef(request!.body.client_state as string)).toEqual({ faxId, attempt: 1, owner });
    expect(await attemptRows(faxId)).toEqual([
      expect.objectContaining({ attempt: 1, carrier: 'telnyx', carrier_fax_id: telnyxId, status: 'QUEUED' }),
    ]);

    // Telnyx fetches the PDF from the media URL: no session, just the signature.
    const media = await exports.default.fetch(new Request(request!.body.media_url as string));
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(await media.arrayBuffer());
    expect(pdf.getPageCount()).toBe(3);
  });

  it('the media URL refuses a tampered or expired signature', async () => {
    const { faxId } = await queuedFax();
    answer = () => accepted(crypto.randomUUID());
    await dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 1);
    const good = new URL(sent[0]!.body.media_url as string);

    const tampered = new URL(good);
    tampered.searchParams.set('attempt', '2');
    const otherFax = new URL(good.toString().replace(faxId, crypto.randomUUID()));
    const badSignature = new URL(good);
    badSignature.searchParams.set('signature', '0'.repeat(64));
    const expired = new URL(await signFaxMediaUrl(ORIGIN, env.FAX_MEDIA_SECRET!, faxId, 1, Date.now() - 16 * 60 * 1000));
    const unsigned = new URL(good.pathname, ORIGIN);
    for (const url of [tampered, otherFax, badSignature, expired, unsigned]) {
      const response = await exports.default.fetch(new Request(url));
      expect(response.status, url.toString()).toBe(403);
      expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
    }
    expect((await exports.default.fetch(new Request(good))).status).toBe(200);
  });

  it('a destination Telnyx refuses (422 on `to`) fails the fax without a retry and refunds it', async () => {
    const { faxId, userId } = await queuedFax('+1312736');
    answer = () =>
      Response.json(
        {
          errors: [
            {
              code: '10015',
              title: 'Invalid value for to',
              detail: 'The phone number is not a valid E.164 number',
              source: { pointer: '/to' },
            },
          ],
        },
        { status: 422 },
      );
    expect(await dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 1)).toBe('failed');
    expect(await faxRow(faxId)).toMatchObject({ status: 'FAILED', failure_reason: 'INVALID_NUMBER', refunded: 3 });
    expect(await sendCreditsOf(userId)).toEqual({ default: 3, paid: 0 });
  });

  it('an outage is retried by the queue, and resumed without starting a second attempt', async () => {
    const { faxId } = await queuedFax();
    answer = () => Response.json({ errors: [{ title: 'Service unavailable' }] }, { status: 503 });
    await expect(dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 1)).rejects.toThrow(/HTTP 503/);
    expect(await attemptRows(faxId)).toEqual([expect.objectContaining({ attempt: 1, status: 'QUEUED', carrier_fax_id: null })]);

    const telnyxId = crypto.randomUUID();
    answer = () => accepted(telnyxId);
    expect(await dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 2)).toBe('sent');
    expect(await attemptRows(faxId)).toEqual([expect.objectContaining({ attempt: 1, carrier_fax_id: telnyxId })]);
    expect(sent).toHaveLength(2);
  });

  it('after the last redelivery, an outage counts as a failed attempt and a retry is planned', async () => {
    const { faxId } = await queuedFax();
    answer = () => new Response('gateway timeout', { status: 504 });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await dispatchFax(telnyxEnv(), { faxId, attempt: 1 }, undefined, 5)).toBe('failed');
    const fax = await faxRow(faxId);
    expect(fax).toMatchObject({ status: 'QUEUED', attempt: 1, failure_reason: 'CARRIER_ERROR' });
    expect(fax.next_attempt_at).not.toBeNull();
  });
});

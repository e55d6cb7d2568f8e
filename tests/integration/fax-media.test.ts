import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signFaxMediaUrl } from '../../worker/fax/media-url';
import { errorCode } from '../support/client';
import { insertUser } from '../support/db';
import { insertSendFax } from '../support/faxes';
import { storeSql } from '../support/user-store';

// GET /api/faxMedia/:faxId is fetched by the carrier: no session, no origin, only the signature.

const ORIGIN = 'https://fax.example.com';

function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(new Request(url, { headers }));
}

describe('GET /api/faxMedia/:faxId', () => {
  it('answers 404 for a signed link to a fax whose PDF is not rendered yet', async () => {
    const user = await insertUser();
    const { faxId } = await insertSendFax(user.id);
    const response = await get(await signFaxMediaUrl(ORIGIN, env.FAX_MEDIA_SECRET!, faxId, 1));
    expect(response.status).toBe(404);
  });

  it('serves the rendered PDF to anyone holding a valid link, from any site', async () => {
    const user = await insertUser();
    const { faxId } = await insertSendFax(user.id);
    const key = `users/${user.id}/faxes/${faxId}.pdf`;
    await env.DOCUMENTS.put(key, '%PDF-1.7 test', { httpMetadata: { contentType: 'application/pdf' } });
    await storeSql(user.id, 'UPDATE faxes SET document_key = ? WHERE id = ?', key, faxId);
    const response = await get(await signFaxMediaUrl(ORIGIN, env.FAX_MEDIA_SECRET!, faxId, 1), { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.text()).toBe('%PDF-1.7 test');
  });

  it.each([
    ['no query at all', ''],
    ['a signature that is not hex', '?attempt=1&expires=9999999999999&signature=zz'],
    ['a link that lives longer than 15 minutes', `?attempt=1&expires=${Date.now() + 60 * 60 * 1000}&signature=${'a'.repeat(64)}`],
  ])('answers 403 for %s', async (_label, query) => {
    const response = await get(`${ORIGIN}/api/faxMedia/${crypto.randomUUID()}${query}`);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('INVALID_SIGNATURE');
  });
});

import networkError from 'virtual:message/app.networkError';
import type { ApiErrorBody } from '../common/errors';
import { buildCoverPage } from '../components/send/send-body';
import { type ApiFailureCode, api } from '../lib/api';
import { $uploadedFile } from './send-document';
import { $draft } from './send-draft';
import { $coverDefaults } from './send-fax';

// The cover page's preview on /send: loaded with the cover page's fields, when it is first added.

export type CoverPreviewResult = { ok: true; pdf: Blob } | { ok: false; code: ApiFailureCode; message: string };

/** The cover page as it would look if sent now (POST /api/coverPagePreview answers a PDF). */
export async function fetchCoverPagePreview(signal?: AbortSignal): Promise<CoverPreviewResult> {
  const file = $uploadedFile.get();
  // pageCount is the document's; the server adds the cover page itself.
  const body = { coverpage: buildCoverPage($draft.get(), $coverDefaults.get(), new Date()), pageCount: file?.pageCount ?? 0 };
  let response: Response;
  try {
    // A PDF, not JSON: read here rather than through `call`.
    response = await api.coverPagePreview.$post({ json: body }, { init: { signal } });
  } catch {
    return { ok: false, code: 'NETWORK', message: networkError };
  }
  if (response.ok) {
    // The body can still fail after the headers: a newer preview aborts this one, or the line drops.
    try {
      return { ok: true, pdf: await response.blob() };
    } catch {
      return { ok: false, code: 'NETWORK', message: networkError };
    }
  }
  const payload = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return { ok: false, code: payload?.error.code ?? 'INTERNAL', message: payload?.error.message ?? response.statusText };
}

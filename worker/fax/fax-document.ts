import { coverPageSchema, type CoverPage } from '../../src/common/cover-page';
import type { UserFaxRow } from '../db/store/schema';
import { buildFaxPdf } from '../documents/fax-pdf';
import { faxDocumentKey } from '../storage/documents';
import { userHubStub } from '../live/publish';
import { sourceDocumentOf } from './fax-files';
import { writePdf } from '../storage/bucket';

/**
 * The R2 key of the PDF to transmit (cover page first), rendered on the first attempt and reused
 * by every retry; null when the user's document cannot be turned into a fax (gone, or unreadable).
 * Storage errors are thrown: they are worth another try.
 */
export async function ensureFaxDocument(env: Env, fax: UserFaxRow): Promise<string | null> {
  if (fax.documentKey) return fax.documentKey;
  const source = await sourceDocumentOf(env, fax);
  if (!source) return null;
  const cover = readCoverPage(fax.coverPage);
  if (cover === undefined) return null;

  let bytes: Uint8Array;
  try {
    ({ bytes } = await buildFaxPdf(new Uint8Array(await source.arrayBuffer()), cover));
  } catch (err) {
    console.warn('The document of fax', fax.id, 'cannot be rendered:', err instanceof Error ? err.message : err);
    return null;
  }
  const key = faxDocumentKey(fax.userId, fax.id);
  await writePdf(env, key, bytes);
  await userHubStub(env, fax.userId).setDocumentKey(fax.userId, fax.id, key);
  return key;
}

/** The stored cover page, null for none, undefined when what is stored is not a cover page. */
function readCoverPage(json: string | null): CoverPage | null | undefined {
  if (json === null) return null;
  try {
    const parsed = coverPageSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

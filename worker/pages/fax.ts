import { faxIdParamSchema } from '../../src/common/fax-queries';
import type { FaxDetails } from '../../src/common/faxes';
import type { PageData } from '../../src/common/page-data';
import { findFaxDetailsOf } from '../fax/user-faxes';
import type { PageInput } from './page-input';

/**
 * /faxDetails/{faxId} and /preview?faxId=: the fax with its timeline, exactly as GET
 * /api/faxes/{faxId} answers it. Where that answers 404 (another user's fax, which their store
 * does not hold, or a missing one) or 400 (no fax id at all), the page gets null: not found. An id
 * that does not name this user's store (decision 042) is not looked up at all.
 */
export async function loadFax({ env, user }: PageInput, faxId: string): Promise<PageData | null> {
  if (!user) return null;
  const id = faxIdParamSchema.safeParse({ faxId });
  // A sandbox fax (the API's test keys, decision 048) is not the site's: not found.
  const details: FaxDetails | null = id.success ? await findFaxDetailsOf(env, user.id, id.data.faxId) : null;
  return { page: 'fax', details };
}

import type { FaxReadStatus, FaxView, SetFaxReadStatusResult } from '../common/faxes';
import { type ApiResult, api, call } from '../lib/api';
import { awaitCountsAnswer } from './fax-counts';

// Read and unread (spec §4: unread → read through a server call). The answer carries the fresh
// counts, so the navigation's unread number drops at once, before any live event arrives.

export async function setFaxReadStatus(faxId: string, status: FaxReadStatus): Promise<ApiResult<SetFaxReadStatusResult>> {
  const answered = awaitCountsAnswer();
  const result = await call(api.setFaxReadStatus.$post({ json: { faxId, status } }));
  if (result.ok) answered(result.data.counts);
  return result;
}

/**
 * Marks a received fax read when it is opened; sent faxes and ones already read need no call.
 * Answers the fax as the server now has it (the page shows it without reading it again), or null.
 */
export async function markReadOnOpen(fax: FaxView): Promise<FaxView | null> {
  if (fax.direction !== 'RECEIVE' || fax.read || fax.status === 'RECEIVING') return null;
  const result = await setFaxReadStatus(fax.id, 'read');
  return result.ok ? result.data.fax : null;
}

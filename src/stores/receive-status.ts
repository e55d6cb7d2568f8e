import { atom, onMount } from 'nanostores';
import type { ReceiveStatus } from '../common/faxes';
import { api, call } from '../lib/api';
import { reloadOnFaxChanges } from './fax-reload';
import { onTeardown } from './teardown';

// The receive document (spec §3) the dashboard shows: faxes arriving now and the newest received.
// The page arrives with it rendered; it is read again on every pushed change of a received fax and
// after a reconnect (not at load: a read racing a sign-out would only fail). The server decides
// which faxes are "receiving", so the page never works it out from partial events.

export const $receiveStatus = atom<ReceiveStatus | null>(null);

export async function loadReceiveStatus(): Promise<void> {
  const result = await call(api.receiveStatus.$get());
  if (result.ok) $receiveStatus.set(result.data);
}

onTeardown(() => $receiveStatus.set(null));

onMount($receiveStatus, () => reloadOnFaxChanges('RECEIVE', loadReceiveStatus));

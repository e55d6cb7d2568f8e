import { atom, onMount } from 'nanostores';
import type { SendStatus } from '../common/faxes';
import { api, call } from '../lib/api';
import { reloadOnFaxChanges } from './fax-reload';
import { onTeardown } from './teardown';

// The send document (spec §3) the dashboard shows: the fax on its way and the newest one sent.
// The page arrives with it rendered; it is read again on every pushed change of a sent fax and
// after a reconnect (not at load: a read racing a sign-out would only fail). The server decides
// which fax is "sending", so the page never works it out from partial events.

export const $sendStatus = atom<SendStatus | null>(null);

export async function loadSendStatus(): Promise<void> {
  const result = await call(api.sendStatus.$get());
  if (result.ok) $sendStatus.set(result.data);
}

onTeardown(() => $sendStatus.set(null));

onMount($sendStatus, () => reloadOnFaxChanges('SEND', loadSendStatus));

// Type test of the site–Worker contract, checked by `npm run typecheck` and never run. Each
// `@ts-expect-error` must stay an error: if the client stopped catching the mistake below it, the
// directive itself would fail the type-check.
import { api, call } from './api';

export async function contractMistakesFailTheTypeCheck(): Promise<void> {
  // A misspelled path.
  // @ts-expect-error no route /sendFaxes
  void api.sendFaxes.$post({ json: {} });

  // A wrong query key (the list takes `direction`, not `type`).
  // @ts-expect-error unknown query key
  void api.faxes.$get({ query: { type: 'SEND' } });

  // A missing body field (sendFax needs fileId).
  // @ts-expect-error fileId is required
  void api.sendFax.$post({ json: { toNumber: '+12125550123', pageCount: 1 } });

  // A misread answer field (the answer names it faxId).
  const sent = await call(api.sendFax.$post({ json: { toNumber: '+12125550123', fileId: crypto.randomUUID(), pageCount: 1 } }));
  // @ts-expect-error the answer has no field id
  if (sent.ok) void sent.data.id;

  // The right reads compile: the answer's own fields, typed.
  if (sent.ok) void (sent.data.faxId satisfies string);
  const details = await call(api.faxes[':faxId'].$get({ param: { faxId: 'x' } }));
  if (details.ok) void (details.data.fax.status satisfies 'QUEUED' | 'SENDING' | 'DELIVERED' | 'FAILED' | 'RECEIVING' | 'RECEIVED');
}

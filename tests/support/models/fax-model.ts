import type { FaxListPage, FaxView } from '../../../src/common/faxes';
import type { TrashListPage } from '../../../src/common/trash';
import { call } from '../client';
import type { Step } from './linearize';

// A user's ended faxes as a simple model (docs/api.md "Trash" and "Receiving faxes"): which exist,
// which are in the trash, which received ones are read. The model-based tests run the same calls
// on it and on the product and compare answers, figures and state.

export interface ModelFax {
  direction: 'SEND' | 'RECEIVE';
  read: boolean;
  trashed: boolean;
}

export type FaxModel = ReadonlyMap<string, ModelFax>;

export type FaxOp =
  | { kind: 'read'; faxId: string; read: boolean }
  | { kind: 'trash' | 'restore' | 'delete'; faxIds: string[] }
  | { kind: 'deleteAll' };

export interface Figures {
  sent: number;
  received: number;
  unreadReceived: number;
  trash: number;
}

/** What GET /api/faxCounts and GET /api/trash should say: the trash left out of the counts. */
export function figuresOf(model: FaxModel): Figures {
  const kept = [...model.values()].filter((fax) => !fax.trashed);
  return {
    sent: kept.filter((fax) => fax.direction === 'SEND').length,
    received: kept.filter((fax) => fax.direction === 'RECEIVE').length,
    unreadReceived: kept.filter((fax) => fax.direction === 'RECEIVE' && !fax.read).length,
    trash: model.size - kept.length,
  };
}

const moved = (model: FaxModel): string => {
  const f = figuresOf(model);
  return `200 trash=${f.trash} sent=${f.sent} received=${f.received} unread=${f.unreadReceived}`;
};

/** One call on the model: the state after it and its answer, as the product would give them. */
export function applyFaxOp(model: FaxModel, op: FaxOp): Step<FaxModel> {
  const next = new Map(model);
  if (op.kind === 'read') {
    const fax = model.get(op.faxId);
    if (!fax) return { state: model, answer: '404 NOT_FOUND' };
    if (fax.direction !== 'RECEIVE') return { state: model, answer: '409 NOT_A_RECEIVED_FAX' };
    next.set(op.faxId, { ...fax, read: op.read });
    return { state: next, answer: `200 unread=${figuresOf(next).unreadReceived}` };
  }
  if (op.kind === 'deleteAll') {
    const trashed = [...model.entries()].filter(([, fax]) => fax.trashed);
    for (const [id] of trashed) next.delete(id);
    return { state: next, answer: `200 deleted=${trashed.length} remaining=0` };
  }
  // All or none: one id the user has no fax by refuses the whole call.
  const ids = [...new Set(op.faxIds)];
  if (ids.some((id) => !model.has(id))) return { state: model, answer: '404 NOT_FOUND' };
  if (op.kind === 'delete') {
    if (ids.some((id) => !model.get(id)!.trashed)) return { state: model, answer: '409 NOT_IN_TRASH' };
    for (const id of ids) next.delete(id);
    return { state: next, answer: `200 deleted=${ids.length}` };
  }
  for (const id of ids) next.set(id, { ...model.get(id)!, trashed: op.kind === 'trash' });
  return { state: next, answer: moved(next) };
}

export function sameFaxes(a: FaxModel, b: FaxModel): boolean {
  if (a.size !== b.size) return false;
  for (const [id, fax] of a) {
    const other = b.get(id);
    if (!other || other.direction !== fax.direction || other.trashed !== fax.trashed || other.read !== fax.read) return false;
  }
  return true;
}

async function errorAnswer(response: Response): Promise<string> {
  const { error } = (await response.json()) as { error: { code: string } };
  return `${response.status} ${error.code}`;
}

/** One call on the product, its answer written as applyFaxOp writes it. */
export async function performFaxOp(cookie: string, op: FaxOp): Promise<string> {
  const post = (path: string, body: unknown) => call(path, { method: 'POST', cookie, body });
  if (op.kind === 'read') {
    const response = await post('/api/setFaxReadStatus', { faxId: op.faxId, status: op.read ? 'read' : 'unread' });
    if (response.status !== 200) return errorAnswer(response);
    const { counts } = (await response.json()) as { counts: Figures };
    return `200 unread=${counts.unreadReceived}`;
  }
  if (op.kind === 'deleteAll' || op.kind === 'delete') {
    const response = await post('/api/deleteFaxesForever', op.kind === 'deleteAll' ? { all: true } : { faxIds: op.faxIds });
    if (response.status !== 200) return errorAnswer(response);
    const { deleted, remaining } = (await response.json()) as { deleted: number; remaining: number };
    return op.kind === 'deleteAll' ? `200 deleted=${deleted} remaining=${remaining}` : `200 deleted=${deleted}`;
  }
  const response = await post(op.kind === 'trash' ? '/api/trashFaxes' : '/api/restoreFaxes', { faxIds: op.faxIds });
  if (response.status !== 200) return errorAnswer(response);
  const { totals, trashTotal } = (await response.json()) as { totals: { counts: Figures }; trashTotal: number };
  const { sent, received, unreadReceived } = totals.counts;
  return `200 trash=${trashTotal} sent=${sent} received=${received} unread=${unreadReceived}`;
}

async function read<T>(cookie: string, path: string): Promise<T> {
  const response = await call(path, { cookie });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The product's state as its pages read it: both histories and the trash, and the figures it shows. */
export async function readFaxes(cookie: string): Promise<{ faxes: FaxModel; figures: Figures; listed: Figures }> {
  const [sent, received, trash, counts] = await Promise.all([
    read<FaxListPage>(cookie, '/api/faxes?direction=SEND'),
    read<FaxListPage>(cookie, '/api/faxes?direction=RECEIVE'),
    read<TrashListPage>(cookie, '/api/trash'),
    read<Omit<Figures, 'trash'> & { scheduled: number }>(cookie, '/api/faxCounts'),
  ]);
  // The model schedules nothing: a scheduled count would be a fax it does not know of.
  const { scheduled, ...counted } = counts;
  if (scheduled !== 0) throw new Error(`faxCounts says ${scheduled} scheduled, the model has none`);
  const faxes = new Map<string, ModelFax>();
  const add = (fax: FaxView) => faxes.set(fax.id, { direction: fax.direction, read: fax.read, trashed: fax.trashedAt !== null });
  for (const fax of [...sent.faxes, ...received.faxes, ...trash.faxes]) add(fax);
  return {
    faxes,
    figures: { ...counted, trash: trash.total },
    // The same figures as the lists' own totals say them.
    listed: { sent: sent.total, received: received.total, unreadReceived: figuresOf(faxes).unreadReceived, trash: trash.total },
  };
}

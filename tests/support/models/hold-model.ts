import { env } from 'cloudflare:workers';
import type { NumberHoldView } from '../../../src/common/numbers';
import { call } from '../client';
import type { Step } from './linearize';

// Number holds as a simple model (decision 012, docs/api.md "Fax numbers and holds"): each number
// is free or held by one holder; a holder holds at most one number, and holding another lets go of
// the first. The model-based test runs the same calls on it and on the product (D1).

/** Number index → holder index, for the numbers held. */
export type HoldModel = ReadonlyMap<number, number>;

export type HoldOp = { kind: 'hold'; holder: number; number: number } | { kind: 'release'; holder: number };

export function applyHoldOp(model: HoldModel, op: HoldOp): Step<HoldModel> {
  const next = new Map([...model].filter(([, holder]) => holder !== op.holder));
  if (op.kind === 'release') return { state: next, answer: '200' };
  const current = model.get(op.number);
  if (current !== undefined && current !== op.holder) return { state: model, answer: '409 NUMBER_TAKEN' };
  next.set(op.number, op.holder);
  return { state: next, answer: `200 held=${op.number}` };
}

export function sameHolds(a: HoldModel, b: HoldModel): boolean {
  return a.size === b.size && [...a].every(([number, holder]) => b.get(number) === holder);
}

export interface Holder {
  /** The cookie a browser of this holder sends: a session, or a visitor's cookie. */
  cookie: string;
  /** How D1 names the holder (worker/numbers/holder.ts). */
  key: string;
}

/** One call on the product, its answer written as applyHoldOp writes it. */
export async function performHoldOp(holders: Holder[], numberIds: string[], op: HoldOp): Promise<string> {
  const { cookie } = holders[op.holder]!;
  if (op.kind === 'release') {
    const response = await call('/api/releaseTempNumberReservation', { cookie });
    await response.body?.cancel();
    return String(response.status);
  }
  const response = await call(`/api/reserveTempNumber?numberId=${numberIds[op.number]}`, { cookie });
  if (response.status !== 200) return `${response.status} ${((await response.json()) as { error: { code: string } }).error.code}`;
  const { hold } = (await response.json()) as { hold: NumberHoldView };
  return `200 held=${numberIds.indexOf(hold.id)}`;
}

/** Who holds what, read from D1; throws if a holder holds two numbers anywhere in the pool. */
export async function readHolds(holders: Holder[], numberIds: string[]): Promise<HoldModel> {
  const { results } = await env.DB.prepare(
    `SELECT id, holder_key FROM fax_numbers WHERE state = 'HELD' AND holder_key IN (${holders.map(() => '?').join(',')})`,
  )
    .bind(...holders.map((h) => h.key))
    .all<{ id: string; holder_key: string }>();
  const held = new Map<number, number>();
  const perHolder = new Map<string, number>();
  for (const row of results) {
    perHolder.set(row.holder_key, (perHolder.get(row.holder_key) ?? 0) + 1);
    held.set(
      numberIds.indexOf(row.id),
      holders.findIndex((h) => h.key === row.holder_key),
    );
  }
  const twice = [...perHolder].filter(([, count]) => count > 1);
  if (twice.length > 0) throw new Error(`a holder holds ${twice[0]![1]} numbers at once`);
  return held;
}

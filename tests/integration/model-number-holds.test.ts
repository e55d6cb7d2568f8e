import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/crypto/tokens';
import { userHolderKey } from '../../worker/numbers/holder';
import { insertSessionCookie, insertUser } from '../support/db';
import { applyHoldOp, type Holder, type HoldModel, type HoldOp, performHoldOp, readHolds, sameHolds } from '../support/models/hold-model';
import { linearize } from '../support/models/linearize';

// Model-based concurrency for number holds (decision 029): random sequences of batches of concurrent
// holds and releases by signed-in users and signed-out visitors on a few numbers, against the
// model in tests/support/models/hold-model.ts. After each batch the answers and D1's holds must be
// those of some serial order of the batch, a number is held by at most one, a holder holds at
// most one, and a number held by someone else is refused with 409 NUMBER_TAKEN.

const NUMBERS = 3;
const HOLDERS = 4;

interface Model {
  holds: HoldModel;
}

interface Real {
  holders: Holder[];
  numberIds: string[];
}

const holdOp: fc.Arbitrary<HoldOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      holder: fc.integer({ min: 0, max: HOLDERS - 1 }),
      number: fc.integer({ min: 0, max: NUMBERS - 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), holder: fc.integer({ min: 0, max: HOLDERS - 1 }) }) },
);

class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: HoldOp[]) {}

  check(): boolean {
    return true;
  }

  async run(model: Model, real: Real): Promise<void> {
    const answers = await Promise.all(this.ops.map((op) => performHoldOp(real.holders, real.numberIds, op)));
    const now = await readHolds(real.holders, real.numberIds);
    const next = linearize(model.holds, this.ops, answers, now, applyHoldOp, sameHolds);
    expect(next, `no serial order of ${this} explains ${answers.join(' | ')}`).not.toBeNull();
    model.holds = next!;
  }

  toString(): string {
    return `together(${this.ops.map((op) => (op.kind === 'hold' ? `h${op.holder}→n${op.number}` : `h${op.holder} releases`)).join(', ')})`;
  }
}

/** Numbers this file holds in: every run starts with them all free. */
const AREA = '206';

async function freshWorld(): Promise<{ model: Model; real: Real }> {
  await env.DB.prepare(
    "UPDATE fax_numbers SET state = 'AVAILABLE', holder_key = NULL, hold_expires_at = NULL WHERE state = 'HELD' AND area_code = ?",
  )
    .bind(AREA)
    .run();
  const { results } = await env.DB.prepare("SELECT id FROM fax_numbers WHERE state = 'AVAILABLE' AND area_code = ? ORDER BY id LIMIT ?")
    .bind(AREA, NUMBERS)
    .all<{ id: string }>();
  // Half signed-in users, half visitors known by their cookie (the cookie's value is the browser's own).
  const holders: Holder[] = [];
  for (let i = 0; i < HOLDERS; i++) {
    if (i % 2 === 0) {
      const user = await insertUser();
      holders.push({ cookie: await insertSessionCookie(user.id), key: userHolderKey(user.id) });
    } else {
      const token = crypto.randomUUID();
      holders.push({ cookie: `fax_visitor=${token}`, key: `visitor:${await sha256Hex(token)}` });
    }
  }
  return { model: { holds: new Map() }, real: { holders, numberIds: results.map((r) => r.id) } };
}

describe('number holds under concurrent calls', () => {
  it('every batch is explained by a serial order; one holder a number, one number a holder', async () => {
    const batches = fc.array(holdOp, { minLength: 1, maxLength: 4 }).map((ops) => new Together(ops));
    await fc.assert(
      fc.asyncProperty(fc.commands([batches], { maxCommands: 10, size: 'max' }), async (commands) => {
        const world = await freshWorld();
        expect(world.real.numberIds).toHaveLength(NUMBERS);
        await fc.asyncModelRun(() => world, commands);
      }),
      { numRuns: 15, seed: 15 },
    );
  }, 60_000);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertSessionCookie, insertUser } from '../support/db';
import { applyFaxOp, type FaxModel, type FaxOp, figuresOf, performFaxOp, readFaxes, sameFaxes } from '../support/models/fax-model';
import { linearize } from '../support/models/linearize';
import { insertFaxRow } from '../support/send-fax';
import { storeSql } from '../support/user-store';

// Model-based concurrency (decision 029): random sequences of batches of concurrent calls — read
// status, trash, restore, delete forever (one by one or all) — on one user's faxes, against the
// simple model in tests/support/models/fax-model.ts. After each batch the answers and the state
// must be those of some serial order of the batch's calls, and the figures the pages show must
// hold: counts from GET /api/faxCounts equal the model's and the lists', the unread count is
// never negative, the trash total equals the model's.

const SENT = 3;
const RECEIVED = 4;
/** Index of an id the user has no fax by: every call naming it is refused whole. */
const UNKNOWN = SENT + RECEIVED;

interface Model {
  faxes: FaxModel;
}

interface Real {
  cookie: string;
  ids: string[];
}

type OpSpec =
  | { kind: 'read'; fax: number; read: boolean }
  | { kind: 'trash' | 'restore' | 'delete'; faxes: number[] }
  | { kind: 'deleteAll' };

// Mostly the user's faxes; now and then the unknown id, which refuses its whole call.
const faxIndex = fc.oneof(
  { weight: 15, arbitrary: fc.integer({ min: 0, max: UNKNOWN - 1 }) },
  { weight: 1, arbitrary: fc.constant(UNKNOWN) },
);
const opSpec: fc.Arbitrary<OpSpec> = fc.oneof(
  // Mostly received faxes: on a sent one the answer is always 409.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      fax: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: SENT, max: UNKNOWN - 1 }) }, { weight: 1, arbitrary: faxIndex }),
      read: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('trash' as const, 'restore' as const),
      faxes: fc.uniqueArray(faxIndex, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), faxes: fc.uniqueArray(faxIndex, { minLength: 1, maxLength: 2 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteAll' as const }) },
);

function toOp(spec: OpSpec, ids: string[]): FaxOp {
  if (spec.kind === 'read') return { kind: 'read', faxId: ids[spec.fax]!, read: spec.read };
  if (spec.kind === 'deleteAll') return spec;
  return { kind: spec.kind, faxIds: spec.faxes.map((i) => ids[i]!) };
}

/** A batch of calls sent at once. */
class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly specs: OpSpec[]) {}

  check(): boolean {
    return true;
  }

  async run(model: Model, real: Real): Promise<void> {
    const ops = this.specs.map((spec) => toOp(spec, real.ids));
    const answers = await Promise.all(ops.map((op) => performFaxOp(real.cookie, op)));
    const now = await readFaxes(real.cookie);
    expect(now.figures.unreadReceived).toBeGreaterThanOrEqual(0);
    // The counts agree with the lists the pages show.
    expect(now.figures).toEqual(now.listed);
    const next = linearize(model.faxes, ops, answers, now.faxes, applyFaxOp, sameFaxes);
    expect(next, `no serial order of ${this} explains the answers ${answers.join(' | ')}`).not.toBeNull();
    model.faxes = next!;
    expect(now.figures).toEqual(figuresOf(model.faxes));
  }

  toString(): string {
    return `together(${this.specs.map((s) => ('faxes' in s ? `${s.kind}[${s.faxes}]` : s.kind === 'read' ? `read${s.fax}=${s.read}` : s.kind)).join(', ')})`;
  }
}

/** A user with SENT delivered faxes and RECEIVED received ones, the first two of them unread. */
async function userWithFaxes(): Promise<{ model: Model; real: Real }> {
  const user = await insertUser();
  const faxes = new Map<string, { direction: 'SEND' | 'RECEIVE'; read: boolean; trashed: boolean }>();
  const ids: string[] = [];
  for (let i = 0; i < SENT + RECEIVED; i++) {
    const direction = i < SENT ? 'SEND' : 'RECEIVE';
    const id = await insertFaxRow(user.id, { direction, status: direction === 'SEND' ? 'DELIVERED' : 'RECEIVED', start: Date.now() - i });
    const unread = direction === 'RECEIVE' && i < SENT + 2;
    if (unread) {
      await storeSql(user.id, 'UPDATE faxes SET read = 0 WHERE id = ?', id);
      await storeSql(user.id, "UPDATE fax_counters SET unread = unread + 1 WHERE direction = 'RECEIVE'");
    }
    faxes.set(id, { direction, read: !unread, trashed: false });
    ids.push(id);
  }
  ids.push(crypto.randomUUID());
  return { model: { faxes }, real: { cookie: await insertSessionCookie(user.id), ids } };
}

describe('read status and the trash under concurrent calls', () => {
  it('every batch is explained by a serial order; counts, unread and trash total hold after each', async () => {
    const batches = fc.array(opSpec, { minLength: 1, maxLength: 4 }).map((specs) => new Together(specs));
    await fc.assert(
      fc.asyncProperty(fc.commands([batches], { maxCommands: 10, size: 'max' }), async (commands) => {
        const setup = await userWithFaxes();
        expect(figuresOf(setup.model.faxes)).toEqual((await readFaxes(setup.real.cookie)).figures);
        await fc.asyncModelRun(() => setup, commands);
      }),
      { numRuns: 15, seed: 15 },
    );
  }, 60_000);
});

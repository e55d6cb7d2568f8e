import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactNamesByNumber, insertStoreContact } from '../../worker/db/store/contacts';
import { listCreditMoves, moveCredits, readBalance, setPeriodCredits } from '../../worker/db/store/credits';
import { readFaxCounters, readFaxTotals } from '../../worker/db/store/fax-counters';
import { createSendFax, findSendingStoreFax, findStoreFax, listStoreFaxEvents, listStoreFaxes } from '../../worker/db/store/faxes';
import { storeMigrations } from '../../worker/db/store/migrations';
import { migrateUserStore, type StoreMigrations } from '../../worker/db/store/open-store';
import { storeFaxes } from '../../worker/db/store/schema';
import { NO_PERIOD_CREDITS, splitCharge } from '../../worker/domain/credits';
import type { UserHub } from '../../worker/user-store/user-hub';

// Each user's own store (docs/decisions/023): the object brings its SQLite schema up to date when
// it starts, from nothing or from any earlier version, and keeps what it already holds.

function freshObject(): DurableObjectStub<UserHub> {
  return env.USER_HUB.get(env.USER_HUB.newUniqueId());
}

/** Tables and indexes as SQLite states them: the schema, whatever path it was reached by. */
function schemaOf(storage: DurableObjectStorage): string[] {
  return storage.sql
    .exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")
    .toArray()
    .map((row) => row.sql);
}

function appliedCount(storage: DurableObjectStorage): number {
  return storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM __drizzle_migrations').one().n;
}

/** The first `count` migrations only: the store as an object last started at that version left it. */
function upTo(count: number): StoreMigrations {
  const entries = storeMigrations.journal.entries.slice(0, count);
  const migrations = Object.fromEntries(
    Object.entries(storeMigrations.migrations).filter(([key]) => entries.some((e) => `m${String(e.idx).padStart(4, '0')}` === key)),
  );
  return { journal: { ...storeMigrations.journal, entries }, migrations } as StoreMigrations;
}

/** Empties the object's database, as if it had never started. */
function wipe(storage: DurableObjectStorage): void {
  const tables = storage.sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
    )
    .toArray();
  storage.sql.exec('PRAGMA foreign_keys = OFF');
  for (const { name } of tables) storage.sql.exec(`DROP TABLE "${name}"`);
  storage.sql.exec('PRAGMA foreign_keys = ON');
}

const newestSchema = async () => runInDurableObject(freshObject(), (_hub, state) => schemaOf(state.storage));

describe("a user's own store", () => {
  it('starts with every migration applied: faxes, attempts, timeline, credits and their ledger, counters, contacts', async () => {
    await runInDurableObject(freshObject(), (_hub, state) => {
      expect(appliedCount(state.storage)).toBe(storeMigrations.journal.entries.length);
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((row) => row.name);
      expect(tables).toEqual(
        expect.arrayContaining(['faxes', 'fax_attempts', 'fax_events', 'credits', 'credit_ledger', 'fax_counters', 'contacts']),
      );
    });
  });

  it('reaches the newest schema from every earlier version, and from none', async () => {
    const newest = await newestSchema();
    for (let version = 0; version < storeMigrations.journal.entries.length; version++) {
      await runInDurableObject(freshObject(), async (hub, state) => {
        wipe(state.storage);
        if (version > 0) await migrateUserStore(hub.store, upTo(version));
        await migrateUserStore(hub.store);
        expect(schemaOf(state.storage), `from version ${version}`).toEqual(newest);
        expect(appliedCount(state.storage)).toBe(storeMigrations.journal.entries.length);
      });
    }
  });

  it('keeps its rows when it starts again, and applies nothing twice', async () => {
    const stub = freshObject();
    await runInDurableObject(stub, async (hub) => {
      await hub.store.insert(storeFaxes).values({ id: 'fax-1', direction: 'SEND', status: 'QUEUED', pageCount: 2, start: 1, updated: 1 });
      await migrateUserStore(hub.store);
    });
    await runInDurableObject(stub, async (hub, state) => {
      const rows = await hub.store.select().from(storeFaxes);
      expect(rows.map((row) => [row.id, row.pageCount])).toEqual([['fax-1', 2]]);
      expect(appliedCount(state.storage)).toBe(storeMigrations.journal.entries.length);
    });
  });

  it('gains the phonebook from every version before it, keeping what it held, and takes one contact per number', async () => {
    const contactsAt = storeMigrations.journal.entries.findIndex((entry) => entry.tag === '0006_contacts');
    expect(contactsAt).toBeGreaterThan(0);
    for (let version = 1; version <= contactsAt; version++) {
      await runInDurableObject(freshObject(), async (hub, state) => {
        wipe(state.storage);
        await migrateUserStore(hub.store, upTo(version));
        // Only the columns every version has: drizzle would name the columns of the latest.
        state.storage.sql.exec(
          "INSERT INTO faxes (id, direction, status, page_count, start, updated) VALUES ('fax-1', 'SEND', 'QUEUED', 2, 1, 1)",
        );
        await migrateUserStore(hub.store);
        expect(
          (await hub.store.select().from(storeFaxes)).map((row) => row.id),
          `from version ${version}`,
        ).toEqual(['fax-1']);
        const fields = { name: 'Ada', faxNumber: '+12125550123', company: '', email: '', note: '' };
        insertStoreContact(hub.store, 'contact-1', fields, 1);
        expect(contactNamesByNumber(hub.store, ['+12125550123', '+14155552671'])).toEqual(new Map([['+12125550123', 'Ada']]));
        expect(() => insertStoreContact(hub.store, 'contact-2', { ...fields, name: 'Again' }, 2)).toThrow(/UNIQUE constraint failed/);
      });
    }
  });

  it('refuses a credit balance below zero', async () => {
    await runInDurableObject(freshObject(), (_hub, state) => {
      expect(() => state.storage.sql.exec("INSERT INTO credits (kind, default_credits, paid_credits) VALUES ('send', -1, 0)")).toThrow(
        /CHECK constraint failed/,
      );
    });
  });
});

describe("a send in the user's own store", () => {
  const send = (id: string, pageCount: number, now = 1_000) => ({
    id,
    toNumber: '+12125550123',
    pageCount,
    fileId: 'file-1',
    fileName: 'letter.pdf',
    coverPage: null,
    anonymous: false,
    now,
  });

  it('takes default credits first, then paid, writes the charge to the ledger and counts the fax', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      setPeriodCredits(hub.store, { defaultCreditsSend: 3, defaultCreditsReceive: 5 }, 1);
      moveCredits(hub.store, 'send', 'MIGRATED', { defaultDelta: 0, paidDelta: 4 }, 2);
      const result = createSendFax(hub.store, send('fax-a', 5));
      expect(result.accepted && [result.fax.chargedDefault, result.fax.chargedPaid]).toEqual([3, 2]);
      expect(readBalance(hub.store, 'send')).toEqual({ defaultCredits: 0, paidCredits: 2 });
      expect(listCreditMoves(hub.store, 'send').map((m) => [m.move, m.defaultDelta, m.paidDelta, m.faxId])).toEqual([
        ['GRANT', 3, 0, null],
        ['MIGRATED', 0, 4, null],
        ['FAX_CHARGE', -3, -2, 'fax-a'],
      ]);
      expect(readFaxTotals(hub.store)).toEqual({
        counts: { unreadReceived: 0, received: 0, sent: 1, scheduled: 0 },
        lifetimeSendCount: 1,
        lifetimeReceiveCount: 0,
      });
      expect(listStoreFaxEvents(hub.store, 'fax-a').map((e) => e.kind)).toEqual(['QUEUED']);
      expect(findSendingStoreFax(hub.store)?.id).toBe('fax-a');
    });
  });

  it('refuses a send the credits do not cover and writes nothing', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      setPeriodCredits(hub.store, { defaultCreditsSend: 2, defaultCreditsReceive: 0 }, 1);
      expect(createSendFax(hub.store, send('fax-b', 3))).toEqual({ accepted: false, available: 2 });
      expect(findStoreFax(hub.store, 'fax-b')).toBeNull();
      expect(readBalance(hub.store, 'send')).toEqual({ defaultCredits: 2, paidCredits: 0 });
      expect(listCreditMoves(hub.store, 'send')).toHaveLength(1);
      expect(readFaxCounters(hub.store, 'SEND')).toEqual({ total: 0, unread: 0, trashed: 0, lifetime: 0 });
    });
  });

  it('a new period replaces the default credits and keeps the paid ones; the plan ending takes the default ones', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      setPeriodCredits(hub.store, { defaultCreditsSend: 150, defaultCreditsReceive: 150 }, 1);
      moveCredits(hub.store, 'send', 'MIGRATED', { defaultDelta: 0, paidDelta: 7 }, 2);
      createSendFax(hub.store, send('fax-c', 40));
      setPeriodCredits(hub.store, { defaultCreditsSend: 150, defaultCreditsReceive: 150 }, 3);
      expect(readBalance(hub.store, 'send')).toEqual({ defaultCredits: 150, paidCredits: 7 });
      setPeriodCredits(hub.store, NO_PERIOD_CREDITS, 4);
      expect(readBalance(hub.store, 'send')).toEqual({ defaultCredits: 0, paidCredits: 7 });
      expect(readBalance(hub.store, 'receive')).toEqual({ defaultCredits: 0, paidCredits: 0 });
      expect(listCreditMoves(hub.store, 'send').map((m) => m.move)).toEqual(['GRANT', 'MIGRATED', 'FAX_CHARGE', 'GRANT', 'EXPIRE']);
    });
  });

  it('any run of grants and sends keeps to the rules: never below zero, and the ledger sums to the balance', async () => {
    const step = fc.oneof(
      fc.record({ grant: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ buy: fc.integer({ min: 1, max: 10 }) }),
      fc.record({ pages: fc.integer({ min: 1, max: 12 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 15 }), async (steps) => {
        await runInDurableObject(freshObject(), (hub) => {
          let model = { defaultCredits: 0, paidCredits: 0 };
          let sent = 0;
          steps.forEach((s, i) => {
            if ('grant' in s) {
              setPeriodCredits(hub.store, { defaultCreditsSend: s.grant, defaultCreditsReceive: 0 }, i);
              model = { ...model, defaultCredits: s.grant };
            } else if ('buy' in s) {
              moveCredits(hub.store, 'send', 'MIGRATED', { defaultDelta: 0, paidDelta: s.buy }, i);
              model = { ...model, paidCredits: model.paidCredits + s.buy };
            } else {
              const result = createSendFax(hub.store, send(`fax-${i}`, s.pages, i));
              const split = splitCharge(s.pages, model);
              expect(result.accepted).toBe(split.uncovered === 0);
              if (result.accepted) {
                sent++;
                expect([result.fax.chargedDefault, result.fax.chargedPaid]).toEqual([split.fromDefault, split.fromPaid]);
                model = { defaultCredits: model.defaultCredits - split.fromDefault, paidCredits: model.paidCredits - split.fromPaid };
              }
            }
            expect(readBalance(hub.store, 'send')).toEqual(model);
          });
          const moves = listCreditMoves(hub.store, 'send');
          expect(moves.reduce((sum, m) => sum + m.defaultDelta, 0)).toBe(model.defaultCredits);
          expect(moves.reduce((sum, m) => sum + m.paidDelta, 0)).toBe(model.paidCredits);
          expect(readFaxCounters(hub.store, 'SEND')).toEqual({ total: sent, unread: 0, trashed: 0, lifetime: sent });
        });
      }),
      { numRuns: 40, seed: 13 },
    );
  });

  it('pages the history newest first by (start, id), with nothing repeated or left out', async () => {
    await runInDurableObject(freshObject(), (hub) => {
      setPeriodCredits(hub.store, { defaultCreditsSend: 100, defaultCreditsReceive: 0 }, 1);
      // Ten faxes in the same millisecond and ten more: the id breaks the ties.
      for (let i = 0; i < 20; i++) createSendFax(hub.store, send(`fax-${String(i).padStart(2, '0')}`, 1, i < 10 ? 5_000 : 5_000 + i));
      const seen: string[] = [];
      let page = listStoreFaxes(hub.store, 'SEND', null, 7);
      while (page.length > 0) {
        seen.push(...page.map((f) => f.id));
        const last = page.at(-1)!;
        page = listStoreFaxes(hub.store, 'SEND', { start: last.start, id: last.id }, 7);
      }
      const expected = hub.store
        .select()
        .from(storeFaxes)
        .all()
        .sort((a, b) => b.start - a.start || (a.id < b.id ? 1 : -1))
        .map((f) => f.id);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(20);
    });
  });
});

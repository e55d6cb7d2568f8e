import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { UserHub } from '../../worker/live/user-hub';
import { storeMigrations } from '../../worker/db/store/migrations';
import { migrateUserStore, type StoreMigrations } from '../../worker/db/store/open-store';
import { storeFaxes } from '../../worker/db/store/schema';

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
  it('starts with every migration applied: faxes, attempts, timeline, credits and their ledger, counters', async () => {
    await runInDurableObject(freshObject(), (_hub, state) => {
      expect(appliedCount(state.storage)).toBe(storeMigrations.journal.entries.length);
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((row) => row.name);
      expect(tables).toEqual(expect.arrayContaining(['faxes', 'fax_attempts', 'fax_events', 'credits', 'credit_ledger', 'fax_counters']));
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

  it('refuses a credit balance below zero', async () => {
    await runInDurableObject(freshObject(), (_hub, state) => {
      expect(() => state.storage.sql.exec("INSERT INTO credits (kind, default_credits, paid_credits) VALUES ('send', -1, 0)")).toThrow(
        /CHECK constraint failed/,
      );
    });
  });
});

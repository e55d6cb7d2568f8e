import { type DrizzleSqliteDODatabase, drizzle } from 'drizzle-orm/durable-sqlite';
import { migrate } from 'drizzle-orm/durable-sqlite/migrator';
import { storeMigrations } from './migrations';
import * as schema from './schema';

/** A user's own store: drizzle over the SQLite database of their Durable Object. */
export type UserStore = DrizzleSqliteDODatabase<typeof schema>;

/** The store or a transaction on it: what the store's operations run on. */
export type StoreScope = UserStore | Parameters<Parameters<UserStore['transaction']>[0]>[0];

export type StoreMigrations = typeof storeMigrations;

/**
 * Opens the store of the object `ctx` belongs to and brings its schema up to date before the
 * object answers anything: the migrations it has not applied yet run in one transaction while the
 * runtime holds every request back, so no call ever sees a half-migrated store.
 */
export function openUserStore(ctx: DurableObjectState): UserStore {
  const store = drizzle(ctx.storage, { schema });
  void ctx.blockConcurrencyWhile(async () => migrateUserStore(store));
  return store;
}

/** Applies the migrations (all of them unless told otherwise) the store has not applied yet. */
export async function migrateUserStore(store: UserStore, migrations: StoreMigrations = storeMigrations): Promise<void> {
  await migrate(store, migrations);
}

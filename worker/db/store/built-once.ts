import type { StoreScope } from './open-store';

// Drizzle writes a query's SQL anew each time it runs, walking the schema's objects: for a read of
// a few rows that was about a quarter of our Worker's time on GET /api/recentFaxes (a CPU profile
// taken through the local inspector; decision 043's amendment). The reads every page makes are
// built once per store, with their values as placeholders, and run as they are after that.

const builtByStore = new WeakMap<StoreScope, Map<string, unknown>>();

/** The query `name` of this store (or transaction on it), built by `build` the first time it is asked for. */
export function builtOnce<Query>(store: StoreScope, name: string, build: (store: StoreScope) => Query): Query {
  let built = builtByStore.get(store);
  if (!built) {
    built = new Map();
    builtByStore.set(store, built);
  }
  let query = built.get(name) as Query | undefined;
  if (query === undefined) {
    query = build(store);
    built.set(name, query);
  }
  return query;
}

import type { UserHub, UserStoreMethods } from './user-hub';

// How the rest of the Worker reaches a user's store: `userStore(env, userId).listFaxes(…)`, the
// user named once. Every method of the store's modules takes the user first (the object makes
// itself ready for that user), and this puts it there.

type Stub = DurableObjectStub<UserHub>;

/** The store's methods as the caller sees them, without the user they are bound to. */
export type UserStoreCalls = {
  [K in keyof UserStoreMethods]: Stub[K] extends (userId: string, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** The user's Durable Object itself: its sockets, pushes and deletion, which do not need the store ready. */
export function userHubStub(env: Env, userId: string): Stub {
  return env.USER_HUB.get(env.USER_HUB.idFromName(userId));
}

/** The user's store, every call bound to the user. */
export function userStore(env: Env, userId: string): UserStoreCalls {
  const stub = userHubStub(env, userId) as unknown as Record<string, (...args: unknown[]) => unknown>;
  return new Proxy({} as UserStoreCalls, {
    get(_target, method) {
      // Not a promise: awaiting the store itself must not call it.
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args: unknown[]) => stub[method]!(userId, ...args);
    },
  });
}

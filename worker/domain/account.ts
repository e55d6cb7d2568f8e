import type { UserRow } from '../db/schema';

export function signInMethodsOf(user: UserRow): Array<'password' | 'google'> {
  const methods: Array<'password' | 'google'> = [];
  if (user.passwordHash) methods.push('password');
  if (user.googleSubject) methods.push('google');
  return methods;
}

/** Spec §4: a new account is one whose creation time equals its last sign-in time. */
export function needsSetup(user: UserRow): boolean {
  return user.setupCompletedAt === null && user.createdAt === user.lastSignInAt;
}

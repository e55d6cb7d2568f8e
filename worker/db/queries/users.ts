import { eq } from 'drizzle-orm';
import type { Viewer } from '../../../src/common/viewer';
import type { Db } from '../client';
import { users, type UserRow } from '../schema';

export function toViewer(user: UserRow): Viewer {
  return { id: user.id, email: user.email, displayName: user.displayName };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.email, email) })) ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.id, id) })) ?? null;
}

export interface NewPasswordUser {
  email: string;
  passwordHash: string;
  displayName?: string;
  now: number;
}

/** The created user, or null when the e-mail is already taken (the unique index decides, not a read). */
export async function insertPasswordUser(db: Db, input: NewPasswordUser): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      passwordHash: input.passwordHash,
      displayName: input.displayName ?? null,
      createdAt: input.now,
      lastSignInAt: input.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ?? null;
}

export async function updateLastSignIn(db: Db, userId: string, now: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

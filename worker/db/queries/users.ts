import { and, eq, isNull, sql } from 'drizzle-orm';
import { periodCredits } from '../../domain/credits';
import type { Db } from '../client';
import { isUniqueViolation } from '../errors';
import { type UserRow, users } from '../schema';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.email, email) })) ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.id, id) })) ?? null;
}

export interface NewPasswordUser {
  /** Chosen before the account exists by a passkey sign-up (its passkey names it); else a new UUID. */
  id?: string;
  email: string;
  /** Null for an account made with a passkey only (decision 045). */
  passwordHash: string | null;
  displayName?: string;
  now: number;
}

/** The created user, or null when the e-mail is already taken (the unique index decides, not a read). */
export async function insertPasswordUser(db: Db, input: NewPasswordUser): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({
      id: input.id ?? crypto.randomUUID(),
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

export type ProfileChange = Partial<Pick<UserRow, 'displayName' | 'personalPhone' | 'setup' | 'mailOnFaxReceived'>>;

/** The updated user, or null when there is no such user. */
export async function updateProfile(db: Db, userId: string, change: ProfileChange): Promise<UserRow | null> {
  const rows = await db.update(users).set(change).where(eq(users.id, userId)).returning();
  return rows[0] ?? null;
}

export interface NewUserSetup {
  now: number;
  attribution: string | null;
  freeCredits: { send: number; receive: number };
}

/**
 * Runs new-user setup once: FREE plan, the free credits, the attribution. Answers the user after
 * setup, and whether this call was the one that did it (a repeated call changes nothing).
 */
export async function completeSetup(db: Db, userId: string, setup: NewUserSetup): Promise<{ user: UserRow; ranNow: boolean } | null> {
  const free = periodCredits(setup.freeCredits);
  const updated = await db
    .update(users)
    .set({
      setupCompletedAt: setup.now,
      // A plan bought before setup ran (a checkout straight after sign-up can win the race) keeps
      // its type and its credits: setup only starts a user who has none on FREE.
      subscriptionType: sql`CASE WHEN ${users.subscriptionType} IN ('TRIAL', 'PAID') THEN ${users.subscriptionType} ELSE 'FREE' END`,
      defaultCreditsSend: sql`CASE WHEN ${users.subscriptionType} IN ('TRIAL', 'PAID') THEN ${users.defaultCreditsSend} ELSE ${free.defaultCreditsSend} END`,
      defaultCreditsReceive: sql`CASE WHEN ${users.subscriptionType} IN ('TRIAL', 'PAID') THEN ${users.defaultCreditsReceive} ELSE ${free.defaultCreditsReceive} END`,
      creditPeriod: sql`CASE WHEN ${users.subscriptionType} IN ('TRIAL', 'PAID') THEN ${users.creditPeriod} ELSE ${users.creditPeriod} + 1 END`,
      // A sync may have stored a record already: the first one stays first touch.
      attribution: sql`COALESCE(${users.attribution}, ${setup.attribution})`,
      lastTouchAttribution: sql`COALESCE(${setup.attribution}, ${users.lastTouchAttribution})`,
      // The first-run path opens at its welcome (src/common/onboarding.ts), unless the user already moved on.
      setup: sql`COALESCE(${users.setup}, 'welcome')`,
    })
    .where(and(eq(users.id, userId), isNull(users.setupCompletedAt)))
    .returning();
  if (updated[0]) return { user: updated[0], ranNow: true };
  const user = await findUserById(db, userId);
  return user ? { user, ranNow: false } : null;
}

/** The user's first-touch and last-touch attribution records (JSON), as stored. */
export interface StoredAttribution {
  firstTouch: string | null;
  lastTouch: string | null;
}

/**
 * Stores the browser's latest attribution record (JSON) as the user's last touch, and as the first
 * touch too when none is stored yet. Answers both as stored, or null when there is no such user.
 */
export async function recordAttribution(db: Db, userId: string, attribution: string): Promise<StoredAttribution | null> {
  const rows = await db
    .update(users)
    .set({ attribution: sql`COALESCE(${users.attribution}, ${attribution})`, lastTouchAttribution: attribution })
    .where(eq(users.id, userId))
    .returning({ firstTouch: users.attribution, lastTouch: users.lastTouchAttribution });
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, emailProvedAt?: number): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, ...(emailProvedAt === undefined ? {} : { emailVerifiedAt: emailProvedAt }) })
    .where(eq(users.id, userId));
}

/**
 * Marks the account's address as proved, if it is still `email` (a link mailed to an address the
 * account has since left proves nothing). Answers the user, or null when it was not theirs.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, now: number): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning();
  return row ?? null;
}

/** False when another account already uses the address (the unique index decides). */
export async function updateEmail(db: Db, userId: string, email: string): Promise<boolean> {
  try {
    // Only ever called once the link mailed to the new address was opened: it is proved.
    await db.update(users).set({ email, emailVerifiedAt: Date.now() }).where(eq(users.id, userId));
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

// ---- Google sign-in ----

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | null> {
  return (await db.query.users.findFirst({ where: eq(users.googleSubject, subject) })) ?? null;
}

/**
 * Links a Google account (its `sub`) to an account that has none yet, and marks its e-mail as
 * proved (Google verified it). An account whose e-mail nobody had proved loses its password: it may
 * have been made by someone else with the owner's address (pre-account takeover, decision 008's addendum); the
 * owner can set one again through a reset link. The linked user, or null when the account already
 * has a Google account or the subject is taken (nothing changes then).
 */
export async function linkGoogleSubject(db: Db, userId: string, subject: string, now: number): Promise<UserRow | null> {
  try {
    const rows = await db
      .update(users)
      .set({
        googleSubject: subject,
        passwordHash: sql`CASE WHEN ${users.emailVerifiedAt} IS NULL THEN NULL ELSE ${users.passwordHash} END`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
      })
      .where(and(eq(users.id, userId), isNull(users.googleSubject)))
      .returning();
    return rows[0] ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export interface NewGoogleUser {
  email: string;
  googleSubject: string;
  displayName: string | null;
  now: number;
}

/** The created user (no password), or null when the e-mail or the Google subject is already taken. */
export async function insertGoogleUser(db: Db, input: NewGoogleUser): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      googleSubject: input.googleSubject,
      displayName: input.displayName,
      // Google said the e-mail is verified (google-sign-in.ts refuses it otherwise).
      emailVerifiedAt: input.now,
      createdAt: input.now,
      lastSignInAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

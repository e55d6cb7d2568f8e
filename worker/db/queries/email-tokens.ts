import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { type EmailTokenRow, emailTokens } from '../schema';

// Single-use links sent by e-mail, for any purpose (password reset, e-mail change). Rows are keyed
// by the SHA-256 of the token in the link; callers hash the token (worker/crypto/tokens.ts sha256Hex).

type EmailTokenPurpose = EmailTokenRow['purpose'];

interface NewEmailToken {
  /** SHA-256 (hex) of the token in the link. */
  id: string;
  userId: string;
  purpose: EmailTokenPurpose;
  payload: string | null;
  now: number;
  lifetimeMs: number;
}

export async function insertEmailToken(db: Db, token: NewEmailToken): Promise<EmailTokenRow> {
  const row: EmailTokenRow = {
    id: token.id,
    userId: token.userId,
    purpose: token.purpose,
    payload: token.payload,
    createdAt: token.now,
    expiresAt: token.now + token.lifetimeMs,
    usedAt: null,
  };
  await db.insert(emailTokens).values(row);
  return row;
}

function isUsable(id: string, purpose: EmailTokenPurpose, now: number) {
  return and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now));
}

/** The token when it exists for this purpose, is unused and has not expired; else null. Changes nothing. */
export async function findValidEmailToken(db: Db, id: string, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenRow | null> {
  return (await db.query.emailTokens.findFirst({ where: isUsable(id, purpose, now) })) ?? null;
}

/**
 * Marks the token used and answers it, or null when it is unknown, expired or already used. One
 * conditional UPDATE, so of two concurrent clicks on the same link exactly one gets the row.
 */
export async function consumeEmailToken(db: Db, id: string, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenRow | null> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(isUsable(id, purpose, now))
    .returning();
  return rows[0] ?? null;
}

/** Removes the user's links of this purpose for one thing (an address): a newer link for it replaces them. */
export async function deleteUserEmailTokensFor(db: Db, userId: string, purpose: EmailTokenPurpose, payload: string): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), eq(emailTokens.payload, payload)));
}

/** Removes every link of this purpose the user has: a newer link, or a completed change, replaces them. */
export async function deleteUserEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}

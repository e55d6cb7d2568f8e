import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Passkeys (decision 045): the WebAuthn credentials of each account, and the challenges handed out
// for a ceremony, kept here until it ends. Both grow with users, never with faxes (decision 042):
// a challenge lives five minutes and goes at its first use or with the cron.

export const passkeys = sqliteTable(
  'passkeys',
  {
    // The credential id (base64url) the authenticator chose: the one global lookup a sign-in
    // with a passkey makes before the account is known.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    // The authenticator's signature counter (0 for most synced passkeys, which do not count).
    counter: integer('counter').notNull().default(0),
    // What the person calls it ("Chrome on macOS" until renamed).
    name: text('name').notNull(),
    // The transports the browser reported (JSON array), offered back in later ceremonies.
    transports: text('transports'),
    // Whether the passkey may be copied to the person's other devices (backup eligible) and is.
    synced: integer('synced', { mode: 'boolean' }).notNull().default(false),
    // The authenticator model's AAGUID (all zeros for most "none" attestations).
    aaguid: text('aaguid'),
    // The browser and system it was made on ("Chrome on macOS").
    device: text('device'),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export const PASSKEY_CEREMONIES = ['add', 'sign-in', 'sign-up', 'second-factor'] as const;

export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    // The challenge itself (base64url of 32 random bytes), as the browser's clientDataJSON echoes it.
    id: text('id').primaryKey(),
    ceremony: text('ceremony', { enum: PASSKEY_CEREMONIES }).notNull(),
    // The account it was made for (null for a sign-in before anyone is known, and for a sign-up:
    // the new account's id is in the payload).
    userId: text('user_id'),
    // A sign-up's chosen e-mail, name and new account id (JSON).
    payload: text('payload'),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

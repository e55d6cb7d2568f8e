import type { Db } from '../db/client';
import { findUserByEmail, findUserByGoogleSubject, insertGoogleUser, linkGoogleSubject } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { GoogleIdentity } from './google';

// Which account a verified Google identity signs in to (docs/decisions/008-google-sign-in.md):
//  1. the account already linked to this Google account (`sub`), whatever its e-mail now;
//  2. else the account with this e-mail, linked now — only when Google says the e-mail is verified;
//  3. else a new account — also only for a verified e-mail, since the e-mail is the account's name.

interface GoogleAccount {
  user: UserRow;
  /** This sign-in made the account. */
  created: boolean;
  /**
   * This sign-in linked Google to an account whose e-mail nobody had proved: its password was
   * cleared, and every session it had must end (whoever made it may be signed in).
   */
  tookOverUnproved: boolean;
}

function refuseDeleting(user: UserRow): UserRow {
  // An account being deleted signs in no more, by any method (same answer as the password flow).
  if (user.deletingAt !== null) throw new ApiError(401, 'INVALID_CREDENTIALS');
  return user;
}

export async function findOrCreateGoogleAccount(db: Db, identity: GoogleIdentity, now: number): Promise<GoogleAccount> {
  const linked = await findUserByGoogleSubject(db, identity.subject);
  if (linked) return { user: refuseDeleting(linked), created: false, tookOverUnproved: false };

  if (!identity.emailVerified) throw new ApiError(409, 'GOOGLE_EMAIL_UNVERIFIED');

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    refuseDeleting(existing);
    // An account linked to another Google account keeps it; this one cannot take over the e-mail.
    if (existing.googleSubject !== null) throw new ApiError(409, 'EMAIL_IN_USE');
    const user = await linkGoogleSubject(db, existing.id, identity.subject, now);
    if (!user) return retryAfterRace(db, identity);
    return { user, created: false, tookOverUnproved: existing.emailVerifiedAt === null };
  }

  const created = await insertGoogleUser(db, {
    email: identity.email,
    googleSubject: identity.subject,
    displayName: identity.name,
    now,
  });
  if (!created) return retryAfterRace(db, identity);
  return { user: created, created: true, tookOverUnproved: false };
}

/** Two first sign-ins at once: the one that lost the race signs in to what the winner made. */
async function retryAfterRace(db: Db, identity: GoogleIdentity): Promise<GoogleAccount> {
  const linked = await findUserByGoogleSubject(db, identity.subject);
  if (linked) return { user: refuseDeleting(linked), created: false, tookOverUnproved: false };
  throw new ApiError(409, 'EMAIL_IN_USE');
}

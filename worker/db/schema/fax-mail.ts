import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Fax by e-mail (docs/decisions/028-fax-by-e-mail.md). Both tables are in D1, not in the
// user's store: a mail to a fax address names only its sender, so "confirmed address → user" must
// be found across users before the user is known.

// Addresses a user chose to get every received fax at (at most MAX_FAX_MAIL_ADDRESSES), each
// confirmed by a link mailed to it. A confirmed one may also send faxes by e-mail.
export const faxMailAddresses = sqliteTable(
  'fax_mail_addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Lower-cased.
    email: text('email').notNull(),
    createdAt: integer('created_at').notNull(),
    // Null until the link mailed to the address is followed.
    confirmedAt: integer('confirmed_at'),
    // When the latest confirmation link was mailed.
    linkSentAt: integer('link_sent_at').notNull(),
  },
  (t) => [uniqueIndex('fax_mail_addresses_user_email_idx').on(t.userId, t.email), index('fax_mail_addresses_email_idx').on(t.email)],
);

// A fax that came in by e-mail: who to tell that it was delivered or failed, told once. No longer
// written: the owner's store keeps this beside the fax (decision 042's amendment), and the cron
// hands the rows left to those stores (jobs/move-mailed-faxes.ts). Dropped once it is empty. Gone
// with the account (user_id's cascade).
export const mailedFaxes = sqliteTable(
  'mailed_faxes',
  {
    // The fax in the user's store (no foreign key: D1 keeps no row per fax, decision 042).
    faxId: text('fax_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The confirmed address the mail came from: the notices go back there.
    replyTo: text('reply_to').notNull(),
    // The mail's subject (bounded), so the notices name the fax the way its sender did.
    subject: text('subject').notNull(),
    createdAt: integer('created_at').notNull(),
    // Set by the one delivery that told the sender how the fax ended.
    endMailedAt: integer('end_mailed_at'),
  },
  (t) => [index('mailed_faxes_user_idx').on(t.userId)],
);

export type FaxMailAddressRow = typeof faxMailAddresses.$inferSelect;
export type MailedFaxRow = typeof mailedFaxes.$inferSelect;

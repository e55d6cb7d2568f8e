import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// Fax numbers (spec numberPool, numbersHold, numbersInUse, reserved number; docs/decisions/012): one row
// per number. A hold belongs to a holder key: `user:<id>`, or `visitor:<digest>` for a signed-out
// visitor. An expired hold counts as available; every claim is one conditional UPDATE.
const NUMBER_STATES = ['AVAILABLE', 'HELD', 'ASSIGNED'] as const;

export const faxNumbers = sqliteTable(
  'fax_numbers',
  {
    id: text('id').primaryKey(),
    // E.164, e.g. +12125550123.
    number: text('number').notNull().unique(),
    areaCode: text('area_code').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    state: text('state', { enum: NUMBER_STATES }).notNull(),
    holderKey: text('holder_key'),
    holdExpiresAt: integer('hold_expires_at'),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: integer('assigned_at'),
  },
  (t) => [index('fax_numbers_search_idx').on(t.state, t.areaCode), index('fax_numbers_holder_idx').on(t.holderKey)],
);

export type FaxNumberRow = typeof faxNumbers.$inferSelect;

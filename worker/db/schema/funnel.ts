import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { FUNNEL_STEPS } from '../../../src/common/funnel';

// The funnel's counters (decision 040): one row per day, attribution and step, with how many times
// the step was taken. The table grows with days × sources × steps, never with visitors. An absent
// source, campaign or variation is '' (a primary key column cannot be null and still match).
export const funnelCounts = sqliteTable(
  'funnel_counts',
  {
    // YYYY-MM-DD in UTC.
    day: text('day').notNull(),
    source: text('source').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    variation: text('variation').notNull().default(''),
    step: text('step', { enum: FUNNEL_STEPS }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.campaign, t.variation, t.step] })],
);

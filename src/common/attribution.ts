import { z } from 'zod';

// The marketing attribution record kept in the browser (spec §3, local storage key `attribution`)
// and stored with the account at setup. Every field is optional; unknown fields are dropped.
const text = (max: number) => z.string().trim().max(max);
const isoTime = z.iso.datetime({ offset: true });

export const attributionSchema = z.object({
  source: text(100).optional(),
  campaign: text(200).optional(),
  variation: text(100).optional(),
  guid: text(100).optional(),
  gclid: text(300).optional(),
  lastActive: isoTime.optional(),
  firstActive: isoTime.optional(),
  browser: z.object({ name: text(60).optional(), version: text(40).optional() }).optional(),
  device: z.object({ os: text(60).optional(), version: text(40).optional() }).optional(),
  geo: text(3).optional(),
  state: text(10).nullable().optional(),
  city: text(100).optional(),
  userAgent: text(512).optional(),
});

export type Attribution = z.infer<typeof attributionSchema>;

export const ATTRIBUTION_STORAGE_KEY = 'attribution';

import { z } from 'zod';
import { COVER_PAGE_TEMPLATES } from './cover-page-rules';

// The optional cover page (spec §3): who it is to and from, what it is about, and the sender's
// wall-clock date and time (`localDateOptions`), so the page shows the time where it was sent.

export { COVER_PAGE_TEMPLATES, type CoverPageTemplate } from './cover-page-rules';

const line = (max: number) => z.string().trim().max(max).default('');

const localDateOptionsSchema = z.object({
  hours: z.number().int().min(0).max(23),
  minutes: z.number().int().min(0).max(59),
  // 1–12
  month: z.number().int().min(1).max(12),
  date: z.number().int().min(1).max(31),
  year: z.number().int().min(2000).max(2200),
  // The same instant as an ISO-8601 string with the sender's offset.
  iso: z.string().min(10).max(40),
});

export const coverPageSchema = z.object({
  template: z.enum(COVER_PAGE_TEMPLATES).default('classic'),
  toName: line(80),
  toNumber: line(40),
  toCompany: line(80),
  fromName: line(80),
  fromNumber: line(40),
  fromCompany: line(80),
  subject: line(120),
  message: line(2000),
  localDateOptions: localDateOptionsSchema,
});

export type CoverPage = z.infer<typeof coverPageSchema>;
export type CoverPageInput = z.input<typeof coverPageSchema>;

import { z } from 'zod';
import { coverPageSchema } from './cover-page';
import { faxIdValue } from './fax-id';
import type { FaxView } from './faxes';
import { MAX_RECIPIENTS } from './send-many-rules';

// Sending one document to many numbers, and sending later (decision 025): the shapes both sides share.

export { MAX_RECIPIENTS, MAX_SCHEDULE_DAYS, MAX_SCHEDULE_MS } from './send-many-rules';

/** When to send: UTC milliseconds (the page turns the user's local date and time into it). */
export const sendAtSchema = z.number().int().positive();

export const recipientSchema = z.object({
  // Any form a person types; the server turns it into E.164 or names the recipient it cannot read.
  toNumber: z.string().trim().min(1).max(40),
  /** For this recipient's cover page (and from the phonebook when picked there). */
  toName: z.string().trim().max(80).optional(),
  toCompany: z.string().trim().max(80).optional(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const sendFaxToManySchema = z.object({
  recipients: z.array(recipientSchema).min(1).max(MAX_RECIPIENTS),
  fileId: z.string().uuid(),
  // Each recipient's copy is addressed to it: its To fields come from the recipient.
  coverpage: z.union([coverPageSchema, z.literal(false), z.null()]).optional(),
  pageCount: z.number().int().min(1).max(10_000),
  anonymous: z.boolean().default(false),
  sendAt: sendAtSchema.optional(),
});
export type SendFaxToManyBody = z.input<typeof sendFaxToManySchema>;

export interface SendFaxToManyResult {
  broadcastId: string;
  faxes: FaxView[];
}

export const broadcastIdParamSchema = z.object({ broadcastId: z.uuid() });

/** A send to many as its page shows it: every recipient's fax, in the order they were given. */
export interface BroadcastView {
  broadcastId: string;
  faxes: FaxView[];
}

/** Cancel one scheduled fax, or every fax of a scheduled send to many not started yet. */
export const cancelScheduledSchema = z.union([z.object({ faxId: faxIdValue }).strict(), z.object({ broadcastId: z.uuid() }).strict()]);

export const rescheduleSchema = z.union([
  z.object({ faxId: faxIdValue, sendAt: sendAtSchema }).strict(),
  z.object({ broadcastId: z.uuid(), sendAt: sendAtSchema }).strict(),
]);

export interface ScheduleChangeResult {
  faxes: FaxView[];
}

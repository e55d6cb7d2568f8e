// The zod-free part of sending to many numbers and sending later: what the pages carry. The schemas stay in ./send-many.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** Recipients of one send to many. */
export const MAX_RECIPIENTS = 50;

/** How far ahead a fax may be scheduled. */
export const MAX_SCHEDULE_DAYS = 90;
export const MAX_SCHEDULE_MS = MAX_SCHEDULE_DAYS * 24 * 60 * 60 * 1000;

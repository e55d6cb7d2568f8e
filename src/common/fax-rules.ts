// The zod-free part of the fax contract: what the pages carry. The schemas stay in ./faxes.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** Carrier limits (configurable on the server: MAX_DOCUMENT_BYTES, MAX_FAX_PAGES). */
export const DEFAULT_MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_FAX_PAGES = 350;

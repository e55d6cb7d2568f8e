// The zod-free part of the cover page: what the pages carry. The schemas stay in ./cover-page.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

export const COVER_PAGE_TEMPLATES = ['classic', 'modern'] as const;
export type CoverPageTemplate = (typeof COVER_PAGE_TEMPLATES)[number];

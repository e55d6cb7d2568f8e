import { type CoverPage, coverPageSchema } from '../../src/common/cover-page';

/** A fax's stored cover page: null for none, undefined when what is stored is not a cover page. */
export function storedCoverPage(json: string | null): CoverPage | null | undefined {
  if (json === null) return null;
  try {
    const parsed = coverPageSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

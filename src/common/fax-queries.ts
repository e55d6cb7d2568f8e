import { z } from 'zod';
import { faxIdValue } from './fax-id';
import { FAX_SEARCH_NAME_MAX, FAX_SEARCH_NUMBER_MAX, FAX_STATUS_FILTERS, isCalendarDay, statusFiltersOf } from './fax-search';
import { FAX_DIRECTIONS } from './faxes';
import { toNumberSearch } from './phone';
import { isTimeZone, TIME_ZONE_MAX } from './time-zone';

// Query strings of the fax list and the fax id in paths, shared by the page and the server.

export { FAX_SEARCH_NAME_MAX, FAX_SEARCH_NUMBER_MAX } from './fax-search';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')
  .refine(isCalendarDay, 'must be a day of the calendar');

/**
 * GET /api/faxes: one direction's history, keyset-paged by `cursor`, narrowed by any of the
 * filters (src/common/fax-search.ts says what each means). A failing rule names its field.
 */
export const faxListQuerySchema = z
  .object({
    direction: z.enum(FAX_DIRECTIONS),
    cursor: z.string().min(1).max(200).optional(),
    number: z
      .string()
      .trim()
      .min(1)
      .max(FAX_SEARCH_NUMBER_MAX)
      .refine((text) => toNumberSearch(text) !== null, 'must be a fax number, or digits of one')
      .optional(),
    name: z.string().trim().min(1).max(FAX_SEARCH_NAME_MAX).optional(),
    status: z.enum(FAX_STATUS_FILTERS).optional(),
    unread: z.enum(['true', 'false']).optional(),
    from: day.optional(),
    to: day.optional(),
    tz: z.string().min(1).max(TIME_ZONE_MAX).refine(isTimeZone, 'must be an IANA time zone such as America/New_York').optional(),
  })
  .superRefine((query, ctx) => {
    const statuses = statusFiltersOf(query.direction);
    if (query.status && !statuses.includes(query.status)) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: `must be one of ${statuses.join(', ')} for ${query.direction}` });
    }
    if (query.unread === 'true' && query.direction !== 'RECEIVE') {
      ctx.addIssue({ code: 'custom', path: ['unread'], message: 'only received faxes (RECEIVE) are read or unread' });
    }
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    }
  });

export const faxIdParamSchema = z.object({ faxId: faxIdValue });

/** A body naming one fax (POST /api/resendFax). */
export const faxIdSchema = z.object({ faxId: faxIdValue });

import { z } from 'zod';
import { FAX_DIRECTIONS } from './faxes';

// Query strings of the fax list and the fax id in paths, shared by the page and the server.

export const faxListQuerySchema = z.object({
  direction: z.enum(FAX_DIRECTIONS),
  cursor: z.string().min(1).max(200).optional(),
});

export const faxIdParamSchema = z.object({ faxId: z.uuid() });

/** A body naming one fax (POST /api/resendFax). */
export const faxIdSchema = z.object({ faxId: z.uuid() });

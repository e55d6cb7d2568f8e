import { z } from 'zod';

// A fax's id as the browser and the API see it: an opaque string. Faxes made before decision 042
// have a UUID; since then the id is 55 base64url characters that name the owner's store, with our
// MAC over it (worker/fax/fax-id.ts). Only the shape is checked here; the Worker checks the MAC.
export const FAX_ID_PATTERN = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{55})$/;

export const faxIdValue = z.string().regex(FAX_ID_PATTERN);

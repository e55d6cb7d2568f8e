import { z } from 'zod';
import { API_KEY_EXPIRY_DAYS, API_KEY_MODES, API_KEY_NAME_MAX, API_KEY_SCOPES } from './api-key-rules';

// The API keys' calls (decision 046), shared by worker/api/api-keys.ts and Settings › Developers.

export * from './api-key-rules';

/** POST /api/createApiKey. */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  mode: z.enum(API_KEY_MODES).default('live'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.literal(API_KEY_EXPIRY_DAYS).nullable().default(null),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** POST /api/revokeApiKey. */
export const revokeApiKeySchema = z.object({ keyId: z.string().regex(/^key_[0-9a-f]{24}$/) });

// API keys (decision 046): what the Developers section of /settings needs with no zod (decision 032).

/** What a key may do; /v1 checks the route's scope on every call. */
export const API_KEY_SCOPES = ['faxes:read', 'faxes:send', 'contacts:read', 'contacts:write', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Live keys act on the account; test keys act in the sandbox (decision 048): simulated faxes, charged nothing. */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const API_KEY_NAME_MAX = 60;
/** Keys an account may hold that are not revoked (expired ones count until revoked). */
export const MAX_API_KEYS = 25;
/** The expiries the form offers, in days; none is the default. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** A key as Settings lists it: never the key itself, only what names it. */
export interface ApiKeyView {
  id: string;
  name: string;
  mode: ApiKeyMode;
  /** `fx_live_` or `fx_test_`. */
  prefix: string;
  lastFour: string;
  scopes: ApiKeyScope[];
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
}

/** POST /api/createApiKey answers the key once, beside its listing. */
export interface CreatedApiKey {
  apiKey: ApiKeyView;
  secret: string;
}

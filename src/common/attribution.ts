// The marketing attribution record kept in the browser (spec §3, local storage key `attribution`),
// stored with the account at setup and on every sync. No zod here: the script every page runs
// imports this file (the server's schema is attribution-schema.ts).

export const ATTRIBUTION_STORAGE_KEY = 'attribution';

/** Longest value of each field the server keeps; the browser clips to them, the server refuses longer. */
export const ATTRIBUTION_LIMITS = {
  source: 100,
  campaign: 200,
  variation: 100,
  guid: 100,
  gclid: 300,
  browserName: 60,
  os: 60,
  version: 40,
  geo: 3,
  state: 10,
  city: 100,
  userAgent: 512,
} as const;

export interface Attribution {
  source?: string;
  campaign?: string;
  variation?: string;
  guid?: string;
  gclid?: string;
  /** ISO timestamps. */
  lastActive?: string;
  firstActive?: string;
  browser?: { name?: string; version?: string };
  /** The operating system. */
  device?: { os?: string; version?: string };
  /** Country code. */
  geo?: string;
  /** State or region code, null where the country has none known. */
  state?: string | null;
  city?: string;
  userAgent?: string;
}

/** GET /api/attribution (spec §3 "attribution server response"); null where the request does not tell. */
export interface AttributionAnswer {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
  userAgent: string | null;
  geo: { countryCode: string | null; stateCode: string | null; city: string | null };
}

// The marketing attribution record kept in the browser (spec §3, local storage key `attribution`),
// stored with the account at setup and on every sync. No zod here: the script every page runs
// imports this file (the server's schema is attribution-schema.ts).

export const ATTRIBUTION_STORAGE_KEY = 'attribution';
/** Dispatched on window once the record holds the server's fields (where the visitor is), which a page may wait for. */
export const ATTRIBUTION_SAVED_EVENT = 'attribution-saved';

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

// ---- The browser's rule (spec §4): what each page load does to the stored record ----

/** Spec §4: a record last active longer ago than this is refreshed from the server. */
export const ATTRIBUTION_REFRESH_MS = 30 * 24 * 60 * 60 * 1000;

const LANDING_PARAMS = [
  ['s', 'source', ATTRIBUTION_LIMITS.source],
  ['c', 'campaign', ATTRIBUTION_LIMITS.campaign],
  ['v', 'variation', ATTRIBUTION_LIMITS.variation],
  ['guid', 'guid', ATTRIBUTION_LIMITS.guid],
  ['gclid', 'gclid', ATTRIBUTION_LIMITS.gclid],
] as const;

type Touch = Pick<Attribution, 'source' | 'campaign' | 'variation' | 'guid' | 'gclid'>;

function clip(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, max).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The same object without its undefined fields, nested ones included; an object left empty is dropped. */
function dropUndefined<T extends object>(value: T): T | undefined {
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const cleaned = field !== null && typeof field === 'object' ? dropUndefined(field) : field;
    if (cleaned !== undefined) kept[key] = cleaned;
  }
  return Object.keys(kept).length > 0 ? (kept as T) : undefined;
}

function isGoogleHost(referrer: string): boolean {
  try {
    return new URL(referrer).hostname.includes('google');
  } catch {
    return false; // no referrer, or not a URL
  }
}

/**
 * Where this visit came from, when the page's address or referrer says so (spec §4): the landing
 * parameters s, c, v, guid, gclid, and a referrer whose host contains google without a gclid makes
 * the source `google-organic`. Null when neither says anything: the stored touch stays.
 */
export function landingTouch(search: string, referrer: string): Touch | null {
  const query = new URLSearchParams(search);
  const touch: Touch = {};
  for (const [param, field, max] of LANDING_PARAMS) touch[field] = clip(query.get(param), max);
  if (!touch.gclid && isGoogleHost(referrer)) touch.source = 'google-organic';
  return dropUndefined(touch) ?? null;
}

/** Spec §4: no record, or one whose lastActive is missing or older than 30 days, needs fresh attribution from the server. */
export function needsFreshAttribution(stored: Attribution | null, now: Date): boolean {
  const lastActive = stored?.lastActive ? Date.parse(stored.lastActive) : Number.NaN;
  return Number.isNaN(lastActive) || now.getTime() - lastActive > ATTRIBUTION_REFRESH_MS;
}

/** The record's fields GET /api/attribution tells (browser, device, geo, state, city, userAgent). */
export function fromAttributionAnswer(answer: AttributionAnswer): Attribution {
  const value = (text: string | null): string | undefined => text ?? undefined;
  return {
    browser: { name: value(answer.browser), version: value(answer.browserVersion) },
    device: { os: value(answer.os), version: value(answer.osVersion) },
    geo: value(answer.geo.countryCode),
    // Spec §3: the state code or null.
    state: answer.geo.stateCode,
    city: value(answer.geo.city),
    userAgent: value(answer.userAgent),
  };
}

export interface PageVisit {
  /** The record stored before this page load (toAttributionRecord), or null. */
  stored: Attribution | null;
  /** location.search and document.referrer of this page. */
  search: string;
  referrer: string;
  now: Date;
  /**
   * GET /api/attribution's answer when needsFreshAttribution asked for it; null when it was not
   * needed or failed (then lastActive stays as it was, so the next page load asks again).
   */
  fresh: AttributionAnswer | null;
}

/** The record to store after this page load (spec §3, §4), undefined fields dropped. */
export function nextAttribution({ stored, search, referrer, now, fresh }: PageVisit): Attribution {
  const refresh = needsFreshAttribution(stored, now);
  const touch = landingTouch(search, referrer);
  const next: Attribution = {
    ...stored,
    // A new touch replaces the old one whole: an old campaign never sticks to a new source.
    ...(touch ? { source: undefined, campaign: undefined, variation: undefined, guid: undefined, gclid: undefined, ...touch } : {}),
    ...(refresh && fresh ? fromAttributionAnswer(fresh) : {}),
    firstActive: stored?.firstActive ?? now.toISOString(),
    lastActive: refresh && !fresh ? stored?.lastActive : now.toISOString(),
  };
  return dropUndefined(next) ?? {};
}

/**
 * A stored record read leniently (local storage is the user's to edit): the record's fields of the
 * right kind, nothing else; null for anything that is not an object.
 */
export function toAttributionRecord(raw: unknown): Attribution | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const from = raw as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const pair = (value: unknown, first: string, second: string): Record<string, string | undefined> | undefined => {
    if (typeof value !== 'object' || value === null) return undefined;
    const object = value as Record<string, unknown>;
    return { [first]: text(object[first]), [second]: text(object[second]) };
  };
  const record: Attribution = {
    source: text(from.source),
    campaign: text(from.campaign),
    variation: text(from.variation),
    guid: text(from.guid),
    gclid: text(from.gclid),
    lastActive: text(from.lastActive),
    firstActive: text(from.firstActive),
    browser: pair(from.browser, 'name', 'version'),
    device: pair(from.device, 'os', 'version'),
    geo: text(from.geo),
    state: from.state === null ? null : text(from.state),
    city: text(from.city),
    userAgent: text(from.userAgent),
  };
  return dropUndefined(record) ?? {};
}

import Bowser from 'bowser';
import { type AttributionAnswer, ATTRIBUTION_LIMITS as MAX } from '../../src/common/attribution';

// What GET /api/attribution tells a page about its visitor (spec §3, §7): browser and system from
// the User-Agent (bowser), and where the request came from. Every value is clipped to what the
// attribution record may hold, so a page can store the answer and sync it without a refusal.

export interface RequestGeo {
  countryCode: string | null;
  stateCode: string | null;
  city: string | null;
}

const NO_GEO: RequestGeo = { countryCode: null, stateCode: null, city: null };

function clip(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, max).trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Cloudflare's geolocation of the request (request.cf: country, regionCode, city), or null when it
 * says nothing. `XX` is Cloudflare's "country unknown".
 */
export function geoFromCf(cf: unknown): RequestGeo | null {
  if (typeof cf !== 'object' || cf === null) return null;
  const { country, regionCode, city } = cf as Record<string, unknown>;
  const geo: RequestGeo = {
    countryCode: country === 'XX' ? null : clip(country, MAX.geo),
    stateCode: clip(regionCode, MAX.state),
    city: clip(city, MAX.city),
  };
  return geo.countryCode || geo.stateCode || geo.city ? geo : null;
}

/** The answer for a request with this User-Agent header (null when absent) from this place. */
export function describeAttributionRequest(userAgentHeader: string | null, geo: RequestGeo | null): AttributionAnswer {
  // Bounded before parsing: the header is the visitor's to choose, and parsing is regex work.
  const userAgent = clip(userAgentHeader, MAX.userAgent);
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  return {
    browser: clip(parsed?.browser.name, MAX.browserName),
    browserVersion: clip(parsed?.browser.version, MAX.version),
    os: clip(parsed?.os.name, MAX.os),
    osVersion: clip(parsed?.os.version, MAX.version),
    userAgent,
    geo: geo ?? NO_GEO,
  };
}

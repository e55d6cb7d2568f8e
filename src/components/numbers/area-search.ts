// The number picker's rules (decision 040): what a typed area code or city asks for, and which area
// is near the visitor by where attribution placed them. Pure, table-tested in tests/unit/area-search.test.ts.

export interface Area {
  areaCode: string;
  city: string;
  region: string;
}

/** What the picker shows for an area, and what its suggestion list offers: "415 · San Francisco, CA". */
export function areaLabel(area: Area): string {
  return `${area.areaCode} · ${area.city}, ${area.region}`;
}

export type AreaQuery = { areaCode: string } | { city: string } | null;

function normalized(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * What the typed words ask for: an area code (typed alone, in brackets, or as a suggestion's
 * start), a known city (by its start, so "san fr" is San Francisco), or a city to look up; null
 * for nothing usable.
 */
export function readAreaQuery(typed: string, areas: readonly Area[]): AreaQuery {
  const code = /^\s*\(?([2-9]\d{2})\)?(\s|·|$)/.exec(typed)?.[1];
  if (code) return { areaCode: code };
  // "San Francisco, CA" or "San Francisco CA": the city is what comes before the region.
  const city = normalized(typed.split(',')[0] ?? '');
  if (city.length < 2 || /\d/.test(city)) return null;
  const known = areas.find((area) => normalized(area.city) === city) ?? areas.find((area) => normalized(area.city).startsWith(city));
  return known ? { areaCode: known.areaCode } : { city: typed.split(',')[0]!.trim() };
}

/** The area for where the visitor is (attribution's city and state): the same city, else the same state; null when neither. */
export function nearestArea(areas: readonly Area[], place: { city?: string | null; state?: string | null }): Area | null {
  const city = place.city ? normalized(place.city) : null;
  const state = place.state ? place.state.trim().toUpperCase() : null;
  const inState = (area: Area): boolean => state !== null && area.region.toUpperCase() === state;
  return (
    areas.find((area) => city !== null && normalized(area.city) === city && (state === null || inState(area))) ??
    areas.find(inState) ??
    null
  );
}

import { atom, onMount } from 'nanostores';
import { type FaxNumberView, holdSecondsLeft, type NumberHoldView } from '../common/number-rules';
import { type ApiData, type ApiResult, api, call } from '../lib/api';

// The number picker on /reserveNumber: the areas with free numbers, the numbers of the chosen
// area, and the caller's hold (signed in or not), with the seconds it has left. /transaction is
// rendered with the hold (page data); /reserveNumber reads it as it hydrates.

type NumberArea = ApiData<typeof api.numberAreas.$get>['areas'][number];

export const $areas = atom<NumberArea[] | null>(null);
export const $numbers = atom<FaxNumberView[] | null>(null);
export const $hold = atom<NumberHoldView | null>(null);
/** Seconds until the hold runs out; 0 once it has. */
export const $holdSecondsLeft = atom(0);

function tick(): void {
  $holdSecondsLeft.set(holdSecondsLeft($hold.get(), Date.now()));
}

let started = false;

/** Starts the hold as the page hydrates, once: the one it was rendered with (null: none), or with undefined by reading it. */
export function startHold(rendered: NumberHoldView | null | undefined): void {
  if (started) return;
  started = true;
  if (rendered !== undefined) {
    $hold.set(rendered);
    tick();
    return;
  }
  void call(api.getTempNumberReservation.$get({ query: {} })).then((result) => {
    if (result.ok) $hold.set(result.data.hold);
    tick();
  });
}

onMount($hold, () => {
  if (typeof window === 'undefined') return;
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
});

onMount($areas, () => {
  void call(api.numberAreas.$get()).then((result) => {
    if (result.ok) $areas.set(result.data.areas);
  });
});

let latestSearch = 0;

/**
 * The free numbers of an area code, or of a city typed that no listed area has (the inventory may).
 * Only the latest search's answer is shown: the visitor's own area, listed on arrival, may answer
 * after the area they typed meanwhile.
 */
export async function showArea(search: { areaCode: string } | { city: string }): Promise<void> {
  const thisSearch = ++latestSearch;
  $numbers.set(null);
  const result = await call(api.numbers.$get({ query: search }));
  if (thisSearch === latestSearch) $numbers.set(result.ok ? result.data.numbers : []);
}

/**
 * Holds the number; for a user whose plan is on it is theirs at once (`owned`, and no hold). A
 * visitor's hold says where they came from (`touch`), for the funnel (decision 040).
 */
export async function holdNumber(
  numberId: string,
  touch: { source?: string; campaign?: string; variation?: string } = {},
): Promise<ApiResult<ApiData<typeof api.reserveTempNumber.$get>>> {
  const known = Object.fromEntries(Object.entries(touch).filter(([, value]) => value));
  const result = await call(api.reserveTempNumber.$get({ query: { numberId, ...known } }));
  if (result.ok) {
    $hold.set(result.data.hold);
    tick();
  }
  return result;
}

export async function releaseHold(): Promise<void> {
  const result = await call(api.releaseTempNumberReservation.$get());
  if (result.ok) {
    $hold.set(null);
    tick();
  }
}

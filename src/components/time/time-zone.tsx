import { type ComponentType, createContext, type ReactElement, useContext, useSyncExternalStore } from 'react';
import { runtimeTimeZone, SERVER_TIME_ZONE } from '../../common/time-zone';

// The time zone an island shows dates in (decision 031). The server renders in the zone of the
// `tz` cookie (the page context's `timeZone`, handed to the island as a prop); the browser hydrates
// in that same zone, so both texts match, and then shows dates in its own zone if it is another one
// (no cookie yet: a first visit straight onto a signed-in page, or a reader who travelled). That is
// a render after hydration, which React allows, not a mismatch, which it throws away the page for.

const TimeZoneContext = createContext<string | null>(null);

// The browser's zone does not change while a page is open.
const subscribeToNothing = (): (() => void) => () => {};

/** `rendered` while the server renders and the browser hydrates, the browser's own zone after. */
function useShownTimeZone(rendered: string): string {
  return useSyncExternalStore(subscribeToNothing, runtimeTimeZone, () => rendered);
}

/**
 * The zone to format dates in (src/i18n/dates.ts). Inside an island made with `withTimeZone`, the
 * page's; elsewhere the server's until hydration, which is right but shows the change.
 */
export function useTimeZone(): string {
  const given = useContext(TimeZoneContext);
  const own = useShownTimeZone(SERVER_TIME_ZONE);
  return given ?? own;
}

/**
 * The island, taking the page context's `timeZone` as one more prop: its dates are rendered in the
 * reader's zone on the server already, and the same on hydration.
 */
export function withTimeZone<P extends object>(Island: ComponentType<P>): (props: P & { timeZone: string }) => ReactElement {
  function WithTimeZone({ timeZone, ...props }: P & { timeZone: string }): ReactElement {
    // A page that forgot the prop still hydrates: it renders in the server's zone on both sides.
    const shown = useShownTimeZone(timeZone ?? SERVER_TIME_ZONE);
    return (
      <TimeZoneContext.Provider value={shown}>
        <Island {...(props as P)} />
      </TimeZoneContext.Provider>
    );
  }
  WithTimeZone.displayName = `WithTimeZone(${Island.displayName ?? Island.name})`;
  return WithTimeZone;
}

import { LOCALE } from './translator';

// Every date and time the site shows is worded here, by the server when it renders a page and by
// the browser after, in the reader's time zone, which the caller passes (decision 031). Two things
// would otherwise make the server's text and the browser's differ and React throw away the page
// (error #418): a formatter without a zone (the Worker's is UTC, the browser's its own), and the
// ICU data each runtime has (since CLDR 42 a narrow no-break space comes before "PM", an ordinary
// space in older browsers), which is why every space comes out plain.

export type DateStyle =
  /** "Jan 5, 2026, 4:30 PM" */
  | 'dateTime'
  /** "4:30 PM" */
  | 'time'
  /** "Jan 5, 2026" */
  | 'day'
  /** "Jan 5, 4:30 PM": a recent moment in a short list (the dashboard) */
  | 'dayTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
  day: { dateStyle: 'medium' },
  dayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

// Making a formatter is the slow part; a page shows a few styles in one zone, so each is kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(style: DateStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...OPTIONS[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/** `at` (UTC milliseconds) as the reader in `timeZone` (an IANA name) reads it. */
export function formatDate(at: number, style: DateStyle, timeZone: string): string {
  return formatOf(style, timeZone).format(at).replace(/\s/g, ' ');
}

export function formatDateTime(at: number, timeZone: string): string {
  return formatDate(at, 'dateTime', timeZone);
}

export function formatTime(at: number, timeZone: string): string {
  return formatDate(at, 'time', timeZone);
}

/**
 * A day of a plan (a trial's end, a renewal, an invoice): billing runs on UTC calendar days
 * (decision 017), so the day reads the same wherever the reader is.
 */
export function formatBillingDay(at: number): string {
  return formatDate(at, 'day', 'UTC');
}

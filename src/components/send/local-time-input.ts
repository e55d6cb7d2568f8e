// An `<input type="datetime-local">`'s value and the instant it stands for, in the browser's time
// zone: what the user picks is their local wall-clock time; the server gets the UTC instant. Alone
// in its file for /faxDetails and /broadcast (ScheduleControls), which need nothing else of /send.

/** The value for an `<input type="datetime-local">` at `at` in the browser's time zone. */
export function toLocalInputValue(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInputValue(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? null : at;
}

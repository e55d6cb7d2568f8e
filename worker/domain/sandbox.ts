import { DAY_MS } from './subscriptions';

// The sandbox of the public API (decision 048): a test key's faxes run through the simulated
// network, charged nothing. What bounds it, with no I/O.

/** Sandbox faxes (sent and test faxes received) an account may make per UTC day: enough to test, too few to be free compute. */
export const SANDBOX_DAILY_FAXES = 100;

/** Pages of a test fax received on demand (POST /v1/sandbox/received_faxes). */
export const SANDBOX_RECEIVED_PAGES = { min: 1, max: 5, default: 1 } as const;

/** The UTC day `at` falls on, as YYYY-MM-DD: the daily cap's window. */
export function sandboxDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Seconds from `at` until the next UTC day, when the cap starts again (at least 1). */
export function secondsToNextSandboxDay(at: number): number {
  return Math.max(1, Math.ceil((DAY_MS - (at % DAY_MS)) / 1000));
}

export interface SandboxUse {
  day: string;
  faxes: number;
}

/** How the day's use stands after `more` faxes, or null when they would pass the cap. */
export function takeSandboxFaxes(kept: SandboxUse | null, more: number, at: number, cap = SANDBOX_DAILY_FAXES): SandboxUse | null {
  const day = sandboxDay(at);
  const used = kept?.day === day ? kept.faxes : 0;
  return used + more > cap ? null : { day, faxes: used + more };
}

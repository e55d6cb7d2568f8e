/** Seconds before a failed background job runs again: doubling from 2 s, never more than a minute. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60, 2 ** Math.max(1, attempts));
}

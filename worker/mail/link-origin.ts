import type { AppConfig } from '../env';

/**
 * The origin every link in a mail points at: PUBLIC_ORIGIN. Never the Host the request came with,
 * which the sender of the request chooses (a reset link to their own site would hand them the
 * token). Production requires PUBLIC_ORIGIN; a local run without it uses the request's origin.
 */
export function mailLinkOrigin(config: AppConfig, requestUrl: string): string {
  return new URL(config.PUBLIC_ORIGIN ?? requestUrl).origin;
}

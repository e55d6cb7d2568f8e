import { startBuildUpdateCheck } from './build-update';
import { startPrefetching } from './prefetch';
import { rememberTimeZone } from './time-zone';

// The app shell every page starts (spec §2): prefetching the pages likely to come next, the
// build-update check, and the reader's time zone told to the server (decision 031).
// Framework-free and small, so the landing pages can carry it too.

export function startAppShell(): void {
  rememberTimeZone();
  startPrefetching(__BUILD_ID__);
  startBuildUpdateCheck(__BUILD_ID__);
}

import { startBuildUpdateCheck } from './build-update';
import { startPrefetching } from './prefetch';

// The app shell every page starts (spec §2): prefetching the pages likely to come next, and the
// build-update check. Framework-free and small, so the landing pages can carry it too.

export function startAppShell(): void {
  startPrefetching(__BUILD_ID__);
  startBuildUpdateCheck(__BUILD_ID__);
}

import { atom } from 'nanostores';
import { onTeardown } from './teardown';

// What just happened, said once and then gone: "Moved 2 faxes to the trash · Undo".
// Any island shows a toast with showToast; the page's main island renders them all once
// (src/components/toasts/Toasts.tsx). A toast goes away by itself after TOAST_MS, unless the
// person is pointing at or is in one (they may be about to press Undo): then every toast waits.

export interface ToastAction {
  label: string;
  run: () => void | Promise<void>;
}

export interface Toast {
  id: number;
  text: string;
  /** `failed`: something did not work (shown with a warning icon); `done`: it did. */
  tone: 'done' | 'failed';
  action: ToastAction | null;
}

/** How long a toast stays while nobody points at it. */
export const TOAST_MS = 6000;
/** Toasts shown at once: an older one leaves for a new one, so they never pile up over the page. */
export const MOST_TOASTS = 3;

export const $toasts = atom<readonly Toast[]>([]);

interface Clock {
  left: number;
  since: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const clocks = new Map<number, Clock>();
let nextId = 1;
let held = false;

function startClock(id: number): void {
  const clock = clocks.get(id);
  if (!clock || held || clock.timer) return;
  clock.since = Date.now();
  clock.timer = setTimeout(() => dismissToast(id), clock.left);
}

function stopClock(id: number): void {
  const clock = clocks.get(id);
  if (!clock?.timer) return;
  clearTimeout(clock.timer);
  clock.timer = null;
  clock.left = Math.max(0, clock.left - (Date.now() - clock.since));
}

/** Shows a toast; answers its id (to dismiss it early). */
export function showToast(text: string, options: { action?: ToastAction; tone?: Toast['tone'] } = {}): number {
  const toast: Toast = { id: nextId++, text, tone: options.tone ?? 'done', action: options.action ?? null };
  const shown = [...$toasts.get(), toast];
  for (const old of shown.slice(0, Math.max(0, shown.length - MOST_TOASTS))) forget(old.id);
  $toasts.set(shown.slice(-MOST_TOASTS));
  // What failed stays until it is dismissed: the person may be looking elsewhere.
  if (toast.tone === 'done') {
    clocks.set(toast.id, { left: TOAST_MS, since: 0, timer: null });
    startClock(toast.id);
  }
  return toast.id;
}

function forget(id: number): void {
  stopClock(id);
  clocks.delete(id);
}

export function dismissToast(id: number): void {
  forget(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Runs a toast's action once, and the toast goes: its job is done. */
export function runToastAction(toast: Toast): void {
  dismissToast(toast.id);
  void toast.action?.run();
}

/** `true` while the person points at or is in a toast: none goes away until they leave. */
export function holdToasts(hold: boolean): void {
  if (held === hold) return;
  held = hold;
  for (const id of clocks.keys()) {
    if (hold) stopClock(id);
    else startClock(id);
  }
}

onTeardown(() => {
  for (const id of [...clocks.keys()]) forget(id);
  held = false;
  $toasts.set([]);
});

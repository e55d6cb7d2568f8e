import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tearDown } from '../../src/stores/teardown';
import { $toasts, holdToasts, MOST_TOASTS, runToastAction, showToast, TOAST_MS } from '../../src/stores/toasts';

// What just happened, said once and gone: toasts leave by themselves, wait while the
// person points at one, never pile up, and run their action (Undo) once.

const texts = () => $toasts.get().map((toast) => toast.text);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    tearDown({ storage: false });
    vi.useRealTimers();
  });

  it('go away by themselves after a few seconds', () => {
    showToast('Moved 1 fax to the trash');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(texts()).toEqual(['Moved 1 fax to the trash']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('wait while held, for the time they had left', () => {
    showToast('Restored 2 faxes');
    vi.advanceTimersByTime(TOAST_MS - 1000);
    holdToasts(true);
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Restored 2 faxes']);
    holdToasts(false);
    vi.advanceTimersByTime(999);
    expect(texts()).toEqual(['Restored 2 faxes']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('never pile up: the oldest leaves for a new one', () => {
    for (let n = 1; n <= MOST_TOASTS + 2; n++) showToast(`toast ${n}`);
    expect(texts()).toEqual(['toast 3', 'toast 4', 'toast 5']);
  });

  it('run their action once, and leave', async () => {
    const undo = vi.fn();
    showToast('Moved 2 faxes to the trash', { action: { label: 'Undo', run: undo } });
    const [toast] = $toasts.get();
    runToastAction(toast!);
    expect(undo).toHaveBeenCalledOnce();
    expect(texts()).toEqual([]);
  });

  it('are forgotten when the user signs out', () => {
    showToast('Deleted 1 fax forever');
    tearDown({ storage: false });
    expect(texts()).toEqual([]);
  });
});

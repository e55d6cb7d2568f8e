import { describe, expect, it } from 'vitest';
import { SANDBOX_DAILY_FAXES, sandboxDay, secondsToNextSandboxDay, takeSandboxFaxes } from '../../worker/domain/sandbox';

// The sandbox's daily cap (decision 048): counted per UTC day, refused whole past it.

const NOON = Date.UTC(2026, 11, 7, 12, 0, 0);

describe('the sandbox cap', () => {
  it('counts per UTC day, starting again the next day', () => {
    expect(sandboxDay(NOON)).toBe('2026-12-07');
    expect(takeSandboxFaxes(null, 1, NOON)).toEqual({ day: '2026-12-07', faxes: 1 });
    expect(takeSandboxFaxes({ day: '2026-12-07', faxes: 40 }, 2, NOON)).toEqual({ day: '2026-12-07', faxes: 42 });
    expect(takeSandboxFaxes({ day: '2026-12-06', faxes: SANDBOX_DAILY_FAXES }, 3, NOON)).toEqual({ day: '2026-12-07', faxes: 3 });
  });

  it('takes up to the cap and refuses a batch that would pass it, whole', () => {
    expect(takeSandboxFaxes({ day: '2026-12-07', faxes: 98 }, 2, NOON)).toEqual({ day: '2026-12-07', faxes: 100 });
    expect(takeSandboxFaxes({ day: '2026-12-07', faxes: 99 }, 2, NOON)).toBeNull();
    expect(takeSandboxFaxes(null, SANDBOX_DAILY_FAXES + 1, NOON)).toBeNull();
  });

  it('says how long until midnight UTC', () => {
    expect(secondsToNextSandboxDay(NOON)).toBe(12 * 3600);
    expect(secondsToNextSandboxDay(Date.UTC(2026, 11, 31, 23, 59, 59, 500))).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { shownEvent } from '../../src/components/dashboard/activity-events';

// The dashboard's recent activity tells a person about sign-ins elsewhere, never about the sign-in
// that opened the page they are reading.

describe('the recent activity’s sign-ins', () => {
  it('shows a sign-in from another session with its device', () => {
    const shown = shownEvent({ type: 'session.started', at: 1, method: 'password', device: 'Safari on Mac', yours: false });
    expect(shown).toMatchObject({ icon: 'log-in' });
    expect(shown?.text).toContain('Safari on Mac');
  });

  it('leaves out the page’s own sign-in', () => {
    expect(shownEvent({ type: 'session.started', at: 1, method: 'passkey', device: 'Chrome on Linux', yours: true })).toBeNull();
  });
});

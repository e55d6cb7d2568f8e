import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, funnelStepBit } from '../../src/common/funnel';
import { buildFunnelReport, funnelDay, reportRange, toFunnelTouch, touchOfRecord } from '../../worker/domain/funnel';

// The funnel's rules (decision 040): the day a step counts on, the touch it counts under, and the
// report per source, campaign and variation.

const NONE = { source: '', campaign: '', variation: '' };

describe('funnelDay and reportRange', () => {
  it.each([
    [Date.UTC(2026, 11, 4, 0, 0, 0), '2026-12-04'],
    [Date.UTC(2026, 11, 4, 23, 59, 59), '2026-12-04'],
    [Date.UTC(2027, 0, 1, 0, 0, 0), '2027-01-01'],
  ])('counts %s on %s (UTC)', (at, day) => {
    expect(funnelDay(at)).toBe(day);
  });

  it('reaches back the days asked, today included', () => {
    const now = Date.UTC(2026, 11, 4, 12);
    expect(reportRange(now, 1)).toEqual({ from: '2026-12-04', to: '2026-12-04' });
    expect(reportRange(now, 7)).toEqual({ from: '2026-11-28', to: '2026-12-04' });
  });
});

describe('toFunnelTouch and touchOfRecord', () => {
  it.each([
    [
      { source: ' google ', campaign: 'spring', variation: '2' },
      { source: 'google', campaign: 'spring', variation: '2' },
    ],
    [{}, NONE],
    [{ source: 42, campaign: null, variation: ['x'] }, NONE],
    [{ source: 'x'.repeat(150) }, { ...NONE, source: 'x'.repeat(100) }],
  ])('reads %j as %j', (reported, touch) => {
    expect(toFunnelTouch(reported as Record<string, unknown>)).toEqual(touch);
  });

  it.each([
    ['{"source":"bing","campaign":"c","variation":"v","city":"Boston"}', { source: 'bing', campaign: 'c', variation: 'v' }],
    [null, NONE],
    ['not json', NONE],
    ['"a string"', NONE],
  ])('reads the stored record %s', (record, touch) => {
    expect(touchOfRecord(record)).toEqual(touch);
  });
});

describe('funnelStepBit', () => {
  it('gives each step its own bit', () => {
    const bits = FUNNEL_STEPS.map(funnelStepBit);
    expect(new Set(bits).size).toBe(FUNNEL_STEPS.length);
    expect(bits.reduce((all, bit) => all | bit, 0)).toBe(2 ** FUNNEL_STEPS.length - 1);
  });
});

describe('buildFunnelReport', () => {
  const range = { from: '2026-11-05', to: '2026-12-04' };

  it('puts each touch’s steps in order, each a share of the one before, summing days', () => {
    const a = { source: 'google', campaign: 'spring', variation: '1' };
    const report = buildFunnelReport(
      [
        { ...a, step: 'landing_view', count: 6 },
        { ...a, step: 'landing_view', count: 4 },
        { ...a, step: 'cta_click', count: 5 },
        { ...a, step: 'sign_up', count: 2 },
        { ...a, step: 'first_fax_sent', count: 1 },
      ],
      range,
    );
    expect(report).toMatchObject({ from: range.from, to: range.to });
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ source: 'google', campaign: 'spring', variation: '1' });
    expect(report.rows[0]!.steps).toEqual([
      { step: 'landing_view', count: 10, fromPrevious: null },
      { step: 'cta_click', count: 5, fromPrevious: 0.5 },
      { step: 'sign_up', count: 2, fromPrevious: 0.4 },
      { step: 'number_held', count: 0, fromPrevious: 0 },
      { step: 'plan_chosen', count: 0, fromPrevious: null },
      { step: 'plan_started', count: 0, fromPrevious: null },
      { step: 'first_fax_sent', count: 1, fromPrevious: null },
    ]);
  });

  it('lists the touches with most views first, then most sign-ups, then by name; none is null', () => {
    const report = buildFunnelReport(
      [
        { ...NONE, step: 'sign_up', count: 9 },
        { source: 'b', campaign: 'c', variation: '1', step: 'landing_view', count: 3 },
        { source: 'a', campaign: 'c', variation: '2', step: 'landing_view', count: 3 },
        { source: 'z', campaign: 'c', variation: '3', step: 'landing_view', count: 8 },
      ],
      range,
    );
    expect(report.rows.map((row) => row.source)).toEqual(['z', 'a', 'b', null]);
    expect(report.rows[3]).toMatchObject({ campaign: null, variation: null });
  });
});

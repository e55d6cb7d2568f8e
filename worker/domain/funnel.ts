import { ATTRIBUTION_LIMITS } from '../../src/common/attribution';
import { FUNNEL_STEPS, type FunnelReport, type FunnelRow, type FunnelStep } from '../../src/common/funnel';
import { DAY_MS } from './subscriptions';

// The funnel's rules without I/O (decision 040): which day a step counts on, the attribution it
// counts under, and the report of conversion per variation. Table-tested in tests/unit/funnel.test.ts.

/** Where a step's taker came from; '' where the record says nothing (the counters' key has no nulls). */
export interface FunnelTouch {
  source: string;
  campaign: string;
  variation: string;
}

/** The UTC day a step taken at `at` counts on, YYYY-MM-DD. */
export function funnelDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function clip(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max).trim() : '';
}

/** The touch a browser reported, clipped as the attribution record is (src/common/attribution.ts). */
export function toFunnelTouch(reported: { source?: unknown; campaign?: unknown; variation?: unknown }): FunnelTouch {
  return {
    source: clip(reported.source, ATTRIBUTION_LIMITS.source),
    campaign: clip(reported.campaign, ATTRIBUTION_LIMITS.campaign),
    variation: clip(reported.variation, ATTRIBUTION_LIMITS.variation),
  };
}

/** The touch an account's stored first-touch record (users.attribution) names; empty when it has none or is not JSON. */
export function touchOfRecord(record: string | null): FunnelTouch {
  try {
    const parsed: unknown = record ? JSON.parse(record) : null;
    return toFunnelTouch(parsed && typeof parsed === 'object' ? parsed : {});
  } catch {
    return toFunnelTouch({});
  }
}

/** The report's days: the last `days` UTC days up to `now`'s, both ends included. */
export function reportRange(now: number, days: number): { from: string; to: string } {
  return { from: funnelDay(now - (days - 1) * DAY_MS), to: funnelDay(now) };
}

/**
 * Each attribution's funnel, step by step in FUNNEL_STEPS order, with each step's share of the step
 * before it (null where that one is 0). The attributions with most landing views come first, then
 * most sign-ups; ties by name.
 */
export function buildFunnelReport(
  counts: Array<FunnelTouch & { step: FunnelStep; count: number }>,
  range: { from: string; to: string },
): FunnelReport {
  const byTouch = new Map<string, { touch: FunnelTouch; counts: Map<FunnelStep, number> }>();
  for (const row of counts) {
    const key = JSON.stringify([row.source, row.campaign, row.variation]);
    const entry = byTouch.get(key) ?? { touch: row, counts: new Map() };
    entry.counts.set(row.step, (entry.counts.get(row.step) ?? 0) + Number(row.count));
    byTouch.set(key, entry);
  }
  const rows: FunnelRow[] = [...byTouch.values()].map(({ touch, counts: stepCounts }) => ({
    source: touch.source || null,
    campaign: touch.campaign || null,
    variation: touch.variation || null,
    steps: FUNNEL_STEPS.map((step, index) => {
      const count = stepCounts.get(step) ?? 0;
      const previous = index === 0 ? null : (stepCounts.get(FUNNEL_STEPS[index - 1]!) ?? 0);
      return { step, count, fromPrevious: previous ? count / previous : null };
    }),
  }));
  const countOf = (row: FunnelRow, step: FunnelStep): number => row.steps.find((s) => s.step === step)?.count ?? 0;
  const name = (row: FunnelRow): string => [row.source, row.campaign, row.variation].map((part) => part ?? '').join('\u0000');
  rows.sort(
    (a, b) =>
      countOf(b, 'landing_view') - countOf(a, 'landing_view') ||
      countOf(b, 'sign_up') - countOf(a, 'sign_up') ||
      name(a).localeCompare(name(b)),
  );
  return { ...range, rows };
}

// The funnel from an ad to a first fax (decision 040): the steps a visitor takes, counted
// per day and per attribution source, campaign and variation, never per visitor. Zod-free: the
// attribution script every landing page runs inline carries the beacon's part of it.

/** In the order a visitor meets them; the report divides each by the one before. */
export const FUNNEL_STEPS = [
  'landing_view',
  'cta_click',
  'sign_up',
  'number_held',
  'plan_chosen',
  'plan_started',
  'first_fax_sent',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The steps only a browser sees, which it reports itself (POST /api/funnel); the others are counted where they happen. */
export const BEACON_STEPS = ['landing_view', 'cta_click'] as const satisfies readonly FunnelStep[];
export type BeaconStep = (typeof BEACON_STEPS)[number];

/** POST /api/funnel: a step of the landing page and where its visitor came from. */
export interface FunnelBeacon {
  step: BeaconStep;
  source?: string;
  campaign?: string;
  variation?: string;
}

/** A step's bit in users.funnel_steps: an account is counted once per step. */
export function funnelStepBit(step: FunnelStep): number {
  return 1 << FUNNEL_STEPS.indexOf(step);
}

/** One variation's funnel as the report shows it: each step's count and its share of the step before. */
export interface FunnelRow {
  source: string | null;
  campaign: string | null;
  variation: string | null;
  steps: Array<{ step: FunnelStep; count: number; fromPrevious: number | null }>;
}

export interface FunnelReport {
  /** The first and last day counted, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  rows: FunnelRow[];
}

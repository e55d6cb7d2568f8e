import { atom, computed, onMount } from 'nanostores';
import type { OptionsView, PlanTerm, PlanView } from '../common/plans';
import { api, call } from '../lib/api';

// Public pricing for /upgrade: loaded once when the plan list is first shown. Prices change only
// when an operator edits the options table, so there is no live refresh.

export type PlansState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; options: OptionsView };

export const $plansState = atom<PlansState>({ state: 'loading' });
/** The billing term the page shows; MONTH first. */
export const $term = atom<PlanTerm>('MONTH');

/** The plans of the chosen term, in level order; null until loaded. */
export const $termPlans = computed([$plansState, $term], (plans, term): PlanView[] | null =>
  plans.state === 'ready' ? plans.options.plans.filter((plan) => plan.term === term) : null,
);

async function loadPlans(): Promise<void> {
  const result = await call(api.options.$get());
  $plansState.set(result.ok ? { state: 'ready', options: result.data } : { state: 'failed' });
}

export function chooseTerm(term: PlanTerm): void {
  $term.set(term);
}

onMount($plansState, () => {
  if ($plansState.get().state !== 'ready') void loadPlans();
});

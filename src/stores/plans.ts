import { atom } from 'nanostores';
import type { OptionsView, PlanTerm } from '../common/plans';
import { api, call } from '../lib/api';

// Public pricing for /upgrade and /transaction: the pages are rendered with it (page data), so it
// is read only where a page came without. Prices change only when an operator edits the options
// table, so there is no live refresh.

export type PlansState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; options: OptionsView };

export const $plansState = atom<PlansState>({ state: 'loading' });
/** The billing term the page shows; MONTH first. */
export const $term = atom<PlanTerm>('MONTH');

/** The plans as the page was rendered with them, or loading when it came without. */
export function renderedPlans(options: OptionsView | null): PlansState {
  return options ? { state: 'ready', options } : { state: 'loading' };
}

async function loadPlans(): Promise<void> {
  const result = await call(api.options.$get());
  $plansState.set(result.ok ? { state: 'ready', options: result.data } : { state: 'failed' });
}

/** Starts the plans as the page hydrates: from those it was rendered with, else by reading them. */
export function startPlans(rendered: OptionsView | null): void {
  if ($plansState.get().state === 'ready') return;
  if (rendered) $plansState.set(renderedPlans(rendered));
  else void loadPlans();
}

export function chooseTerm(term: PlanTerm): void {
  $term.set(term);
}

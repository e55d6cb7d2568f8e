import type { PlanSummary } from '../../common/plan-summary';
import { t } from '../../i18n/t';

/** The plan as the chrome names it: "Free plan", "Premium · trial", "Basic". */
export function planLabel(plan: PlanSummary | null): string {
  if (!plan || plan.type === 'FREE' || !plan.level) return t('nav.planFree');
  const level = t(`upgrade.level${plan.level}`);
  return plan.type === 'TRIAL' ? `${level} · ${t('dashboard.trialShort')}` : level;
}

/** One or two letters for the account button: the name's initials, else the e-mail's first letter. */
export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.[0] ?? email[0] ?? '?');
  return letters.toUpperCase();
}

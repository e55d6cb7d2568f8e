import dashboardMessages from 'virtual:messages/dashboard';
import type { SubscriptionView } from '../../common/billing';
import type { PlanSummary } from '../../common/plan-summary';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { planName } from '../billing/plan-names';

const t = translator({ dashboard: dashboardMessages });

/** "Basic · trial until Dec 4, 2026", "Pro · renews Jan 4, 2027", "Basic · ends Dec 4, 2026", or null. */
function subscriptionLine(subscription: SubscriptionView): string | null {
  if (subscription.type === 'FREE' || !subscription.planLevel) return null;
  const level = planName(subscription.planLevel);
  const end = subscription.currentPeriodEnd;
  // A cancelled plan says so first, trial or not: it is what changes what happens on that day.
  const status =
    end && subscription.cancelAtPeriodEnd
      ? t('dashboard.yourNumberEnds', { date: formatBillingDay(end) })
      : subscription.type === 'TRIAL' && subscription.trialEndsAt
        ? t('dashboard.yourNumberTrialUntil', { date: formatBillingDay(subscription.trialEndsAt) })
        : end
          ? t('dashboard.yourNumberRenews', { date: formatBillingDay(end) })
          : null;
  return status ? t('dashboard.yourNumberPlan', { level, status }) : level;
}

/** The plan's name as the dashboard says it, with its next date when the plan is known in full. */
export function planLine(plan: PlanSummary, subscription: SubscriptionView | null): string {
  const line = subscription ? subscriptionLine(subscription) : null;
  if (line) return line;
  if (plan.type === 'FREE') return t('dashboard.planFREE');
  const level = plan.level ? planName(plan.level) : null;
  if (plan.type === 'TRIAL') return level ? t('dashboard.planTRIAL', { level }) : t('dashboard.planTRIALNoLevel');
  return level ? t('dashboard.planPAID', { level }) : t('dashboard.planPAIDNoLevel');
}

import upgradeMessages from 'virtual:messages/upgrade';
import type { SubscriptionView } from '../../common/billing';
import { settingsHref } from '../../common/settings-sections';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';

const t = translator({ upgrade: upgradeMessages });

/** When the plan goes on or stops, as its status says. */
function whenText(subscription: SubscriptionView): string | null {
  const end = subscription.currentPeriodEnd;
  if (subscription.cancelAtPeriodEnd && end) return t('upgrade.yourPlanEnds', { date: formatBillingDay(end) });
  if (subscription.type === 'TRIAL' && subscription.trialEndsAt)
    return t('upgrade.yourPlanTrialUntil', { date: formatBillingDay(subscription.trialEndsAt) });
  if (subscription.type === 'PAID' && end) return t('upgrade.yourPlanRenews', { date: formatBillingDay(end) });
  return null;
}

/**
 * Shown instead of the plan buttons to a user already on a trial or a paid plan: which plan, at
 * which term, until when, and where to change it. `subscription` is null until its status is read.
 */
export default function YourPlan({ type, subscription }: { type: 'TRIAL' | 'PAID'; subscription: SubscriptionView | null }) {
  const level = subscription?.planLevel;
  const term = subscription?.planTerm;
  const when = subscription ? whenText(subscription) : null;
  return (
    <section className="card your-plan" aria-labelledby="your-plan-heading">
      <h2 id="your-plan-heading">{t('upgrade.yourPlanHeading')}</h2>
      {level && term ? (
        <p>
          {t(type === 'TRIAL' ? 'upgrade.yourPlanLineTRIAL' : 'upgrade.yourPlanLinePAID', {
            level: t(`upgrade.level${level}`),
            term: t(`upgrade.billed${term}`),
          })}
        </p>
      ) : (
        <p>{t(type === 'TRIAL' ? 'upgrade.yourPlanTRIAL' : 'upgrade.yourPlanPAID')}</p>
      )}
      {when && <p className="muted">{when}</p>}
      <p>
        <a href={settingsHref('billing')}>{t('upgrade.yourPlanManage')}</a>
      </p>
    </section>
  );
}

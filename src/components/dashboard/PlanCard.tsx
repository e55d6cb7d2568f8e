import dashboardMessages from 'virtual:messages/dashboard';
import type { SubscriptionView } from '../../common/billing';
import type { PlanSummary } from '../../common/plan-summary';
import { translator } from '../../i18n/translator';
import { $planSummary } from '../../stores/plan-summary';
import PaymentProblem from '../billing/PaymentProblem';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import { planLine } from './plan-line';

const t = translator({ dashboard: dashboardMessages });

interface Props {
  /** The plan and pages left as the page was rendered; followed live after (account.updated). */
  initial: PlanSummary;
  /** The plan in full (null for FREE), as the page was rendered and followed after. */
  subscription: SubscriptionView | null;
}

/**
 * The pages left to send and to receive under the plan's name (every user, FREE
 * included), with the way to get more.
 */
export default function PlanCard({ initial, subscription }: Props) {
  const plan = useSeededStore($planSummary, null) ?? initial;
  return (
    <section className="card dash-plan" aria-labelledby="plan-heading" aria-live="polite">
      <div className="card-header">
        <h2 id="plan-heading" className="dash-label">
          {t('dashboard.planHeading')}
        </h2>
        {plan.type !== 'FREE' && <a href="/settings#billing">{t('dashboard.yourNumberManage')}</a>}
      </div>
      <p className="dash-plan-name">{planLine(plan, subscription)}</p>
      <dl className="dash-figures">
        <div className="stat">
          <dt>{t('dashboard.sendCredits')}</dt>
          <dd>{plan.sendCredits}</dd>
        </div>
        <div className="stat">
          <dt>{t('dashboard.receiveCredits')}</dt>
          <dd>{plan.receiveCredits}</dd>
        </div>
      </dl>
      {subscription && <PaymentProblem subscription={subscription} />}
      <a className="dash-more" href="/upgrade">
        {t(plan.type === 'FREE' ? 'dashboard.planGetMoreFREE' : 'dashboard.planGetMorePaying')}
        <Icon name="arrow-right" className="icon-small" />
      </a>
    </section>
  );
}

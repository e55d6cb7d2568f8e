import type { NumberHoldView } from '../../common/numbers';
import type { PlanView } from '../../common/plans';
import { formatCents, type PlanLevel, type PlanTerm } from '../../common/plan-rules';
import transactionMessages from 'virtual:messages/transaction';
import upgradeMessages from 'virtual:messages/upgrade';
import { translator } from '../../i18n/translator';
import type { PlansState } from '../../stores/plans';

const t = translator({ transaction: transactionMessages, upgrade: upgradeMessages });

/** The chosen plan of /api/options, or undefined while loading and null when it failed or is unknown. */
export function chosenPlan(plans: PlansState, level: PlanLevel, term: PlanTerm): PlanView | null | undefined {
  if (plans.state === 'loading') return undefined;
  if (plans.state === 'failed') return null;
  return plans.options.plans.find((plan) => plan.level === level && plan.term === term) ?? null;
}

/** What the user is buying: plan, term, price, the trial, and the number that comes with it (while its hold lasts). */
export default function OrderSummary({ plan, hold, holdLive }: { plan: PlanView; hold: NumberHoldView | null; holdLive: boolean }) {
  const price = formatCents(plan.priceCents);
  const per = t(plan.term === 'MONTH' ? 'transaction.perMONTH' : 'transaction.perYEAR');
  return (
    <section className="card order-summary" aria-labelledby="order-heading">
      <h2 id="order-heading">{t('transaction.summaryHeading')}</h2>
      <dl className="facts">
        <dt>{t('transaction.plan')}</dt>
        <dd>{t(`upgrade.level${plan.level}`)}</dd>
        <dt>{t('transaction.term')}</dt>
        <dd>{t(`upgrade.term${plan.term}`)}</dd>
        <dt>{t('transaction.price')}</dt>
        <dd>
          {price} {per}
        </dd>
        <dt>{t('transaction.dueToday')}</dt>
        <dd>{formatCents(plan.trialDays !== null ? 0 : plan.priceCents)}</dd>
      </dl>
      {plan.trialDays !== null && <p className="trial-line">{t('transaction.trialLine', { days: plan.trialDays, price, per })}</p>}
      {hold && holdLive && <p className="number-line">{t('transaction.numberLine', { number: hold.display })}</p>}
      <p className="muted">{t('transaction.allowances', { send: plan.allowances.send, receive: plan.allowances.receive })}</p>
    </section>
  );
}

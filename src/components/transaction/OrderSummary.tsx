import transactionMessages from 'virtual:messages/transaction';
import upgradeMessages from 'virtual:messages/upgrade';
import type { NumberHoldView } from '../../common/numbers';
import { formatCents, type PlanLevel, type PlanTerm } from '../../common/plan-rules';
import type { PlanView } from '../../common/plans';
import { translator } from '../../i18n/translator';
import type { PlansState } from '../../stores/plans';
import HeldNumberNote from '../numbers/HeldNumberNote';

const t = translator({ transaction: transactionMessages, upgrade: upgradeMessages });

/** The chosen plan of /api/options, or undefined while loading and null when it failed or is unknown. */
export function chosenPlan(plans: PlansState, level: PlanLevel, term: PlanTerm): PlanView | null | undefined {
  if (plans.state === 'loading') return undefined;
  if (plans.state === 'failed') return null;
  return plans.options.plans.find((plan) => plan.level === level && plan.term === term) ?? null;
}

interface Props {
  plan: PlanView;
  /** The hold as the page was rendered (undefined: read as the island hydrates), and its seconds left then. */
  hold: NumberHoldView | null | undefined;
  secondsLeft: number;
}

/** What the user is buying: plan, term, price, the trial, the number held for it and its timer, and what is due today. */
export default function OrderSummary({ plan, hold, secondsLeft }: Props) {
  const price = formatCents(plan.priceCents);
  const per = t(plan.term === 'MONTH' ? 'transaction.perMONTH' : 'transaction.perYEAR');
  return (
    <section className="card order-summary" aria-labelledby="order-heading">
      <h2 id="order-heading">{t('transaction.summaryHeading')}</h2>
      <HeldNumberNote hold={hold} secondsLeft={secondsLeft} />
      <dl className="facts">
        <dt>{t('transaction.plan')}</dt>
        <dd>{t('transaction.planWithTerm', { level: t(`upgrade.level${plan.level}`), term: t(`upgrade.term${plan.term}`) })}</dd>
        <dt>{t('transaction.price')}</dt>
        <dd>
          {price} {per}
        </dd>
      </dl>
      {plan.trialDays !== null && <p className="trial-line">{t('transaction.trialLine', { days: plan.trialDays, price, per })}</p>}
      <p className="muted">{t('transaction.allowances', { send: plan.allowances.send, receive: plan.allowances.receive })}</p>
      <p className="order-total">
        <span>{t('transaction.dueToday')}</span>
        <strong>{formatCents(plan.trialDays !== null ? 0 : plan.priceCents)}</strong>
      </p>
    </section>
  );
}

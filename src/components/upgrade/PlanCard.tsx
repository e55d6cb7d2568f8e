import upgradeMessages from 'virtual:messages/upgrade';
import { formatCents, planChoicePath } from '../../common/plan-rules';
import type { PlanView } from '../../common/plans';
import { translator } from '../../i18n/translator';

const t = translator({ upgrade: upgradeMessages });

interface Props {
  plan: PlanView;
  /** false for a user already on a trial or a paid plan: the card only informs. */
  choosable: boolean;
  /** The plan and term the user is on. */
  current?: boolean;
}

/** One level at the chosen term: price, monthly equivalent and saving, allowances, the way in. */
export default function PlanCard({ plan, choosable, current = false }: Props) {
  const level = t(`upgrade.level${plan.level}`);
  const headingId = `plan-${plan.level.toLowerCase()}`;
  const per = t(plan.term === 'MONTH' ? 'upgrade.perMONTH' : 'upgrade.perYEAR');
  return (
    <li className={current ? 'card plan-card plan-current' : 'card plan-card'} aria-labelledby={headingId}>
      <h2 id={headingId}>{level}</h2>
      {current && <p className="plan-current-badge">{t('upgrade.currentPlan')}</p>}
      <p className="plan-price">
        <span className="plan-amount">{formatCents(plan.priceCents)}</span>
        <span className="muted">{per}</span>
      </p>
      {plan.term === 'YEAR' ? (
        <p className="muted">
          {t('upgrade.monthlyEquivalent', { price: formatCents(plan.monthlyEquivalentCents) })}
          {plan.savingPercent > 0 && (
            <>
              {' '}
              · <strong className="plan-saving">{t('upgrade.saving', { percent: plan.savingPercent })}</strong>
            </>
          )}
        </p>
      ) : (
        <p className="muted">{t('upgrade.billedMonthly')}</p>
      )}
      <p>{t('upgrade.allowances', { send: plan.allowances.send, receive: plan.allowances.receive })}</p>
      {plan.trialDays !== null && (
        <p className="muted">{t('upgrade.trialNote', { days: plan.trialDays, price: formatCents(plan.priceCents), per })}</p>
      )}
      {choosable && (
        <a className="button primary wide plan-choose" href={planChoicePath(plan.level, plan.term)}>
          {plan.trialDays !== null ? t('upgrade.trialButton', { days: plan.trialDays }) : t('upgrade.chooseButton', { level })}
          {plan.trialDays !== null && <span className="visually-hidden">{t('upgrade.planSuffix', { level })}</span>}
        </a>
      )}
    </li>
  );
}

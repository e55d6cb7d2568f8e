import { t } from '../../i18n/t';

/**
 * Shown instead of the plan buttons to a user already on a trial or a paid plan. The account does
 * not say which level yet, so this names the kind of plan only.
 */
export default function YourPlan({ type }: { type: 'TRIAL' | 'PAID' }) {
  return (
    <section className="card your-plan" aria-labelledby="your-plan-heading">
      <h2 id="your-plan-heading">{t('upgrade.yourPlanHeading')}</h2>
      <p>{t(type === 'TRIAL' ? 'upgrade.yourPlanTRIAL' : 'upgrade.yourPlanPAID')}</p>
    </section>
  );
}

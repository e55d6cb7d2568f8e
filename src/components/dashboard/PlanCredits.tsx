import { useStore } from '@nanostores/react';
import type { PlanSummary } from '../../common/plan-summary';
import dashboardMessages from 'virtual:messages/dashboard';
import upgradeMessages from 'virtual:messages/upgrade';
import { translator } from '../../i18n/translator';
import { $planSummary } from '../../stores/plan-summary';
import './dashboard.css';

const t = translator({ dashboard: dashboardMessages, upgrade: upgradeMessages });

/** The plan's name as the dashboard says it: "Free", "PREMIUM, free trial", "PRO". */
function planName(plan: PlanSummary): string {
  if (plan.type === 'FREE') return t('dashboard.planFREE');
  const level = plan.level ? t(`upgrade.level${plan.level}`) : null;
  if (plan.type === 'TRIAL') return level ? t('dashboard.planTRIAL', { level }) : t('dashboard.planTRIALNoLevel');
  return level ? t('dashboard.planPAID', { level }) : t('dashboard.planPAIDNoLevel');
}

/**
 * "Your plan" on the dashboard (issue 12): every user, FREE included, sees their plan, the pages
 * left to send and to receive, and where to get more.
 */
export default function PlanCredits({ initial }: { initial: PlanSummary }) {
  const plan = useStore($planSummary) ?? initial;
  return (
    <section className="card plan-card" aria-labelledby="plan-heading" aria-live="polite">
      <h2 id="plan-heading">{t('dashboard.planHeading')}</h2>
      <p className="plan-name">{planName(plan)}</p>
      <dl className="plan-credits">
        <div>
          <dt>{t('dashboard.sendCredits')}</dt>
          <dd>{plan.sendCredits}</dd>
        </div>
        <div>
          <dt>{t('dashboard.receiveCredits')}</dt>
          <dd>{plan.receiveCredits}</dd>
        </div>
      </dl>
      <p className="muted">{t('dashboard.planCreditsNote')}</p>
      <p>
        <a href="/upgrade">{t(plan.type === 'FREE' ? 'dashboard.planGetMoreFREE' : 'dashboard.planGetMorePaying')}</a>
      </p>
    </section>
  );
}

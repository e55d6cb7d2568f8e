import { useEffect, useState } from 'react';
import type { BillingHistory, SubscriptionView } from '../../common/billing';
import type { ApiFailureCode } from '../../lib/api';
import { formatBillingDay } from '../../i18n/dates';
import { formatCents } from '../../common/plan-rules';
import billingMessages from 'virtual:messages/billing';
import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import upgradeMessages from 'virtual:messages/upgrade';
import { translator } from '../../i18n/translator';
import { $billingHistory, $subscription, cancelSubscription, followSubscription, seedSubscription } from '../../stores/subscription';
import { useSeededStore } from '../page-data/use-seeded-store';
import PaymentProblem from '../billing/PaymentProblem';
import ChangeCard from './ChangeCard';
import SettingsSection from './SettingsSection';

const t = translator({ billing: billingMessages, errors: errorsMessages, settings: settingsMessages, upgrade: upgradeMessages });

function PlanStatus({ subscription }: { subscription: SubscriptionView }) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<ApiFailureCode | null>(null);
  if (subscription.type === 'FREE' || !subscription.planLevel) {
    return (
      <p>
        {t('billing.free')} <a href="/upgrade">{t('billing.upgrade')}</a>
      </p>
    );
  }
  const end = subscription.currentPeriodEnd;
  const cancel = async (): Promise<void> => {
    setCancelling(true);
    setError(null);
    const result = await cancelSubscription();
    setCancelling(false);
    if (!result.ok) setError(result.code);
  };
  return (
    <>
      <p className="plan-line">
        {t('billing.planLine', { level: t(`upgrade.level${subscription.planLevel}`), type: t(`billing.type${subscription.type}`) })}
      </p>
      <PaymentProblem subscription={subscription} />
      {subscription.faxNumber && <p>{t('billing.yourNumber', { number: subscription.faxNumber.display })}</p>}
      {subscription.cancelAtPeriodEnd && end ? (
        <p className="plan-ends" role="status">
          {t('billing.endsOn', { date: formatBillingDay(end) })}
        </p>
      ) : (
        <>
          {subscription.type === 'TRIAL' && subscription.trialEndsAt && (
            <p className="muted">{t('billing.trialUntil', { date: formatBillingDay(subscription.trialEndsAt) })}</p>
          )}
          {subscription.type === 'PAID' && end && <p className="muted">{t('billing.renewsOn', { date: formatBillingDay(end) })}</p>}
          <button type="button" className="button secondary inline" disabled={cancelling} onClick={() => void cancel()}>
            {cancelling ? t('billing.cancelling') : t('billing.cancel')}
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      )}
      <ChangeCard subscription={subscription} />
    </>
  );
}

function History({ history }: { history: BillingHistory }) {
  return (
    <>
      <h3>{t('billing.historyHeading')}</h3>
      {history.transactions.length === 0 ? (
        <p className="muted">{t('billing.historyEmpty')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('billing.when')}</th>
              <th scope="col">{t('billing.description')}</th>
              <th scope="col">{t('billing.amount')}</th>
              <th scope="col">{t('billing.result')}</th>
            </tr>
          </thead>
          <tbody>
            {history.transactions.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={new Date(entry.createdAt).toISOString()}>{formatBillingDay(entry.createdAt)}</time>
                </td>
                <td>{entry.description}</td>
                <td>{formatCents(entry.amountCents)}</td>
                <td>{t(`billing.result${entry.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('billing.invoicesHeading')}</h3>
      {history.invoices.length === 0 ? (
        <p className="muted">{t('billing.invoicesEmpty')}</p>
      ) : (
        <ul className="invoice-list">
          {history.invoices.map((invoice) => (
            <li key={invoice.id}>
              {t('billing.invoiceLine', {
                number: invoice.number,
                plan: invoice.planLevel,
                amount: formatCents(invoice.amountCents),
                start: formatBillingDay(invoice.periodStart),
                end: formatBillingDay(invoice.periodEnd),
              })}{' '}
              <a
                href={`/api/invoices/${encodeURIComponent(invoice.id)}`}
                target="_blank"
                rel="noopener"
                aria-label={`${t('billing.viewInvoice')} ${invoice.number}`}
              >
                {t('billing.viewInvoice')}
              </a>{' '}
              <a
                href={`/api/invoices/${encodeURIComponent(invoice.id)}?download=1`}
                aria-label={`${t('billing.downloadInvoice')} ${invoice.number}`}
              >
                {t('billing.downloadInvoice')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Settings › Plan and billing: the plan and its status, one-click cancel, payments and invoices;
 * rendered with the page and followed live after.
 */
export default function BillingSection({
  subscription: rendered,
  history: renderedHistory,
}: {
  subscription: SubscriptionView;
  history: BillingHistory;
}) {
  const subscription = useSeededStore($subscription, rendered, () => seedSubscription(rendered, renderedHistory));
  const history = useSeededStore($billingHistory, renderedHistory, () => undefined);
  useEffect(() => followSubscription({ withHistory: true }), []);
  return (
    <SettingsSection id="billing" title={t('billing.heading')}>
      {subscription ? <PlanStatus subscription={subscription} /> : <p className="muted">{t('settings.loading')}</p>}
      {history && <History history={history} />}
    </SettingsSection>
  );
}

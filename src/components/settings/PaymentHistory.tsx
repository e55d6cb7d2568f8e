import billingMessages from 'virtual:messages/billing';
import type { BillingHistory } from '../../common/billing';
import { formatCents } from '../../common/plan-rules';
import { formatBillingDay } from '../../i18n/dates';
import { translator } from '../../i18n/translator';

const t = translator({ billing: billingMessages });

/**
 * Payments and invoices as the processor's facts say (decision 040): what was paid, refunded or
 * refused, and a card check as one "card verified, nothing charged" line, never as payments.
 */
export default function PaymentHistory({ history }: { history: BillingHistory }) {
  return (
    <>
      <h3 className="billing-subheading">{t('billing.historyHeading')}</h3>
      {history.payments.length === 0 ? (
        <p className="muted">{t('billing.historyEmpty')}</p>
      ) : (
        <table className="data-table payments-table">
          <thead>
            <tr>
              <th scope="col" className="payment-date">
                {t('billing.when')}
              </th>
              <th scope="col">{t('billing.description')}</th>
              <th scope="col">{t('billing.amount')}</th>
              <th scope="col">{t('billing.result')}</th>
            </tr>
          </thead>
          <tbody>
            {history.payments.map((payment) => (
              <tr key={payment.id}>
                <td className="payment-date">
                  <time dateTime={new Date(payment.createdAt).toISOString()}>{formatBillingDay(payment.createdAt)}</time>
                </td>
                <td>
                  {payment.description}
                  {/* On a phone the date column gives its width to the words, and the date comes here. */}
                  <span className="payment-date-inline">{formatBillingDay(payment.createdAt)}</span>
                  {payment.note && <span className="payment-note">{payment.note}</span>}
                </td>
                <td>{formatCents(payment.amountCents)}</td>
                <td>{t(`billing.result${payment.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="billing-subheading">{t('billing.invoicesHeading')}</h3>
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

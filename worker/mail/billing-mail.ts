import { formatCents } from '../../src/common/plans';
import { t } from '../../src/i18n/t';
import { noticeMail } from './link-mail';
import type { MailMessage } from './message';

/**
 * A renewal charge was refused. `retries` says who tries again: we do, each day of the grace
 * (the local processor), or the processor that runs the plan does (Stripe).
 */
export function paymentFailedMail(to: string, charge: { plan: string; amountCents: number; retries: 'daily' | 'processor' }): MailMessage {
  return noticeMail(to, t('billing.mail.paymentFailedSubject', { product: t('app.name') }), [
    t('billing.mail.paymentFailedCharge', { amount: formatCents(charge.amountCents), plan: charge.plan }),
    t(charge.retries === 'daily' ? 'billing.mail.paymentFailedRetryDaily' : 'billing.mail.paymentFailedRetryByProcessor'),
  ]);
}

/** A few days before a plan renews: when, for how much, and how to stop it. `plan` null: its name is unknown. */
export function renewalReminderMail(to: string, renewal: { plan: string | null; renewsAt: number; amountCents: number }): MailMessage {
  return noticeMail(to, t('billing.mail.renewsSoonSubject', { product: t('app.name') }), [
    t('billing.mail.renewsSoon', {
      plan: renewal.plan ?? t('billing.mail.unknownPlan'),
      date: new Date(renewal.renewsAt).toISOString().slice(0, 10),
      amount: formatCents(renewal.amountCents),
    }),
    t('billing.mail.renewsSoonHowToStop'),
  ]);
}

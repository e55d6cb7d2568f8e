import { FAX_FAILURE_REASONS, type FaxFailureReason } from '../../src/common/faxes';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { t } from '../../src/i18n/t';
import type { MailedFaxEnd } from '../db/store/mailed-faxes';
import { readConfig } from '../env';
import { faxMailEndedMail } from '../mail/fax-by-mail-mail';
import { sendMail } from '../mail/send';

function failureOf(reason: string | null, supportEmail: string): { title: string; explanation: string; advice: string } {
  const known: FaxFailureReason = (FAX_FAILURE_REASONS as readonly string[]).includes(reason ?? '')
    ? (reason as FaxFailureReason)
    : 'CARRIER_ERROR';
  return {
    title: t(`faxFailure.${known}.title`),
    explanation: t(`faxFailure.${known}.explanation`),
    advice: t(`faxFailure.${known}.advice`, { email: supportEmail }),
  };
}

/**
 * A fax sent by e-mail has just ended (delivered, or failed after its retries): its sender is told
 * at the address the mail came from (decision 028). The notice was claimed, once, by the store's
 * change that ended the fax, and carries what the mail says, so this asks nothing more of the store
 * or D1. The fax has ended whatever happens here, so a mail that cannot be handed over is logged,
 * never thrown at the carrier's webhook.
 */
export async function mailMailedFaxEnd(env: Env, { replyTo, subject, fax }: MailedFaxEnd): Promise<void> {
  try {
    const config = readConfig(env);
    await sendMail(
      env,
      faxMailEndedMail(replyTo, {
        number: fax.remoteNumber ? formatPhoneForDisplay(fax.remoteNumber) : '',
        subject,
        pages: fax.pagesSent || fax.pageCount,
        failure: fax.status === 'FAILED' ? failureOf(fax.failureReason, config.SUPPORT_EMAIL) : null,
        refunded: fax.refunded,
        link: config.PUBLIC_ORIGIN ? new URL(`/faxDetails/${fax.id}`, config.PUBLIC_ORIGIN).toString() : null,
      }),
    );
  } catch (err) {
    console.warn('Could not mail the end of fax', fax.id, 'to the address it was mailed from', err);
  }
}

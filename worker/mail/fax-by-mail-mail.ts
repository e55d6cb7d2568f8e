import { t } from '../../src/i18n/t';
import { linkMail, noticeMail } from './link-mail';
import type { MailMessage } from './message';

// The mails a fax sent by e-mail brings back to its sender (decision 028): refused (and why,
// nothing charged), accepted, and delivered or failed. Each names the fax by number and subject.

const signature = (): string => t('receiveMail.signature', { product: t('app.name') });

/** ` (“Subject”)` when the mail had one, so the sender knows which of their mails this is about. */
function about(subject: string): string {
  return subject.trim() ? t('faxMail.about', { subject: subject.trim() }) : '';
}

function withLink(to: string, subject: string, intro: string[], link: string | null, outro: string[]): MailMessage {
  return link ? linkMail({ to, subject, intro, action: t('faxMail.action'), link, outro }) : noticeMail(to, subject, [...intro, ...outro]);
}

export function faxMailRefusedMail(to: string, fax: { number: string; subject: string; reason: string }): MailMessage {
  return noticeMail(to, t('faxMail.refused.subject', { number: fax.number }), [
    t('faxMail.refused.intro', { number: fax.number, about: about(fax.subject) }),
    fax.reason,
    t('faxMail.refused.nothingCharged'),
    signature(),
  ]);
}

export function faxMailAcceptedMail(to: string, fax: { number: string; subject: string; pages: number; link: string | null }): MailMessage {
  const pages = t(fax.pages === 1 ? 'receiveMail.onePage' : 'receiveMail.pages', { count: fax.pages });
  return withLink(
    to,
    t('faxMail.accepted.subject', { number: fax.number }),
    [t('faxMail.accepted.intro', { number: fax.number, about: about(fax.subject), pages }), t('faxMail.accepted.next')],
    fax.link,
    [signature()],
  );
}

interface FaxEnd {
  number: string;
  subject: string;
  /** Pages delivered, cover page included. */
  pages: number;
  /** Null when delivered; else what went wrong and what to do. */
  failure: { title: string; explanation: string; advice: string } | null;
  /** Credits given back. */
  refunded: number;
  link: string | null;
}

export function faxMailEndedMail(to: string, fax: FaxEnd): MailMessage {
  const about_ = about(fax.subject);
  if (!fax.failure) {
    const pages = t(fax.pages === 1 ? 'receiveMail.onePage' : 'receiveMail.pages', { count: fax.pages });
    return withLink(
      to,
      t('faxMail.delivered.subject', { number: fax.number }),
      [t('faxMail.delivered.intro', { number: fax.number, about: about_, pages })],
      fax.link,
      [signature()],
    );
  }
  return withLink(
    to,
    t('faxMail.failed.subject', { number: fax.number }),
    [
      t('faxMail.failed.intro', { number: fax.number, about: about_, reason: fax.failure.title }),
      fax.failure.explanation,
      fax.failure.advice,
      ...(fax.refunded > 0
        ? [t(fax.refunded === 1 ? 'faxMail.failed.refundedOne' : 'faxMail.failed.refunded', { count: fax.refunded })]
        : []),
    ],
    fax.link,
    [signature()],
  );
}

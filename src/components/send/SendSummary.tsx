import summaryMessages from 'virtual:messages/send.summary';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { $uploadedFile } from '../../stores/send-document';
import { $draft, $schedule } from '../../stores/send-draft';
import { $sendAttempts, $sendSummary, $shownProblems, $submission } from '../../stores/send-fax';
import { $recipientList } from '../../stores/send-recipients';
import { creditsText, pagesText } from '../faxes/count-text';
import { useTimeZone } from '../time/time-zone';
import { recipientName } from './RecipientChips';
import { problemText, refusalText } from './send-problem-text';
import { problemOf } from './send-problems';

const t = translator({ send: { summary: summaryMessages } });

/**
 * What will be sent, to whom, when, and what it costs, with Send: in a column that stays in view
 * on a desktop, a bar above the tab bar on a phone. Send is never disabled: pressed with something
 * missing, it takes the person there. `renderedCredits`: shown until the account is in.
 */
export default function SendSummary({ renderedCredits }: { renderedCredits: number | null }) {
  const draft = useStore($draft);
  const summary = useStore($sendSummary);
  const list = useStore($recipientList);
  const file = useStore($uploadedFile);
  const schedule = useStore($schedule);
  const submission = useStore($submission);
  const problem = problemOf(useStore($shownProblems), 'send');
  const attempts = useStore($sendAttempts);
  const zone = useTimeZone();
  const ids = { heading: useId(), message: useId() };

  const count = list.valid.length;
  const later = draft.sendLater.enabled;
  const label =
    count > 1
      ? t(later ? 'send.summary.scheduleMany' : 'send.summary.submitMany', { count })
      : t(later ? 'send.summary.schedule' : 'send.summary.submit');
  const first = list.valid[0] ?? list.read[0];
  const to = !first ? t('send.summary.noRecipient') : count > 1 ? t('send.summary.numbers', { count }) : recipientName(first);
  const documentText = !file
    ? t('send.summary.noDocument')
    : draft.withCover
      ? t('send.summary.withCover', { name: file.name })
      : file.name;
  const when = schedule.kind === 'at' ? formatDateTime(schedule.sendAt, zone) : later ? t('send.summary.noTime') : t('send.summary.now');
  const pages = summary.pages === null ? null : pagesText(summary.pages);
  const cost = creditsText(summary.needed ?? 0);
  const totals =
    pages === null
      ? null
      : summary.faxes > 1
        ? t('send.summary.totalsMany', { faxes: summary.faxes, pages, credits: cost })
        : t('send.summary.totalsOne', { pages, credits: cost });
  const held = summary.credits ?? renderedCredits;
  const refusal = refusalText(submission, 'send');
  const message = refusal ?? (problem ? problemText(problem) : null);
  const busy = submission.kind === 'sending' || submission.kind === 'sent' || submission.kind === 'waiting';

  return (
    <section className="card send-summary" aria-labelledby={ids.heading}>
      <h2 className="summary-heading" id={ids.heading}>
        {t('send.summary.heading')}
      </h2>
      <dl className="summary-facts">
        <div>
          <dt>{t('send.summary.to')}</dt>
          <dd>{to}</dd>
        </div>
        <div>
          <dt>{t('send.summary.document')}</dt>
          <dd>{documentText}</dd>
        </div>
        <div>
          <dt>{t('send.summary.when')}</dt>
          <dd>{when}</dd>
        </div>
      </dl>
      <div className="summary-cost">
        {totals && <p className="summary-totals">{totals}</p>}
        <p className="summary-credits">
          {held === null ? t('send.summary.creditsLoading') : t('send.summary.creditsAvailable', { credits: creditsText(held) })}
        </p>
        <p className="summary-compact" aria-hidden="true">
          {to} · {when}
        </p>
      </div>
      {message && (
        <div key={`${attempts}-${submission.kind}`} id={ids.message} className="form-error summary-message" role="alert">
          <p>{message}</p>
          {(problem?.kind === 'credits' || (refusal && submission.kind === 'failed' && submission.code === 'INSUFFICIENT_CREDITS')) && (
            <a href="/upgrade">{t('send.summary.buyCredits')}</a>
          )}
        </div>
      )}
      {submission.kind === 'sent' && (
        <p className="form-done summary-message" role="status">
          {t('send.summary.sent')}
        </p>
      )}
      {/* The composer form's submit (SendFax.tsx sends): a Send pressed before the page's scripts ran is kept and sent then (decision 034). */}
      <button
        type="submit"
        className="button primary wide send-button"
        aria-describedby={message ? ids.message : undefined}
        aria-busy={busy || undefined}
      >
        {submission.kind === 'waiting' && !file ? t('send.summary.waitingForUpload') : busy ? t('send.summary.sending') : label}
      </button>
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useId } from 'react';
import errorsMessages from 'virtual:messages/errors';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { $draft, $sendBlock, $submission, $sendSummary, sendFax, type SendBlock } from '../../stores/send-fax';
import { $schedule } from '../../stores/send-options';
import { creditsText, pagesText } from '../faxes/fax-text';

const t = translator({ errors: errorsMessages, send: sendMessages });

function blockText(block: SendBlock): string {
  if (block.kind === 'credits') {
    return t('send.blocked.credits', { needed: creditsText(block.needed), available: creditsText(block.available) });
  }
  if (block.kind === 'unreadableRecipients') return t('send.blocked.unreadableRecipients', { entries: block.entries });
  return t(`send.blocked.${block.kind}`);
}

/**
 * What the fax costs against what the user has, and the Send button with why it is disabled.
 * `renderedCredits`: the send credits the page was rendered with, shown until the account is in.
 */
export default function SendSummary({ renderedCredits }: { renderedCredits: number | null }) {
  const draft = useStore($draft);
  const summary = useStore($sendSummary);
  const block = useStore($sendBlock);
  const submission = useStore($submission);
  const reasonId = useId();
  const busy = submission.kind === 'sending' || submission.kind === 'sent';

  const schedule = useStore($schedule);
  const pages =
    summary.pages === null
      ? t('send.summaryNoDocument')
      : summary.faxes > 1
        ? t('send.summaryMany', { faxes: summary.faxes, pages: pagesText(summary.pages), credits: creditsText(summary.needed ?? 0) })
        : t(draft.withCover ? 'send.summaryWithCover' : 'send.summaryNoCover', { pages: pagesText(summary.pages) });
  const later = schedule.kind === 'at';
  const label =
    summary.faxes > 1
      ? t(later ? 'send.scheduleMany' : 'send.submitMany', { count: summary.faxes })
      : t(later ? 'send.schedule' : 'send.submit');
  const held = summary.credits ?? renderedCredits;
  const credits = held === null ? t('send.creditsLoading') : t('send.creditsAvailable', { credits: creditsText(held) });

  return (
    <section className="card send-summary" aria-label={t('send.submit')}>
      <p className="summary-line">
        {pages} · {credits}
      </p>
      {submission.kind === 'failed' && (
        <p className="form-error" role="alert">
          {t('send.failed', { reason: submission.code === 'NETWORK' ? t('errors.NETWORK') : submission.message })}
        </p>
      )}
      {submission.kind === 'sent' && (
        <p className="form-done" role="status">
          {t('send.sent')}
        </p>
      )}
      <button
        type="button"
        className="button primary"
        disabled={block !== null || busy}
        aria-describedby={block ? reasonId : undefined}
        onClick={() => void sendFax()}
      >
        {busy ? t('send.sending') : label}
      </button>
      {block && (
        <p className="hint send-block" id={reasonId}>
          {blockText(block)}
        </p>
      )}
    </section>
  );
}

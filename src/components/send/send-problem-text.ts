import failed from 'virtual:message/send.summary.failed';
import blocked from 'virtual:messages/send.blocked';
import { translator } from '../../i18n/translator';
import type { SendSubmission } from '../../stores/send-fax';
import { creditsText } from '../faxes/count-text';
import type { SendArea, SendProblem } from './send-problems';

// What each part of /send says when Send finds it lacking or the server refused the send for it.

const t = translator({ send: { blocked, summary: { failed } } });

export function problemText(problem: SendProblem): string {
  if (problem.kind === 'credits') {
    return t('send.blocked.credits', { needed: creditsText(problem.needed), available: creditsText(problem.available) });
  }
  if (problem.kind === 'invalidRecipients') return t('send.blocked.invalidRecipients', { entries: problem.entries });
  return t(`send.blocked.${problem.kind}`);
}

/** The server's refusal, said in the part it concerns; null for another part's or none. */
export function refusalText(submission: SendSubmission, area: SendArea): string | null {
  return submission.kind === 'failed' && submission.area === area ? t('send.summary.failed', { reason: submission.message }) : null;
}

import canceled from 'virtual:message/upload.progress.state.canceled';
import sendDocument from 'virtual:messages/send.document';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../../i18n/translator';
import { $document, $fileProblem, type UploadSnapshot, uploadAgain } from '../../stores/send-document';
import { $sendAttempts, $shownProblems, $submission } from '../../stores/send-fax';
import Icon from '../icons/Icon';
import SupportText from '../support/SupportText';
import { problemText, refusalText } from './send-problem-text';
import { problemOf } from './send-problems';

const t = translator({ send: { document: sendDocument }, upload: { progress: { state: { canceled } } } });

export interface DropProblemView {
  text: string;
  /** A failure (red, announced at once) or a plain state (an upload the person cancelled). */
  failure: boolean;
  uploadAgain: boolean;
  /** Changes when the same words must be said again (Send pressed anew). */
  key: string;
}

/** An upload's failure in words: loaded with the sentences for it when one fails (decision 032). */
function useUploadErrorText(error: UploadSnapshot['error'], supportEmail: string): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    if (!error) return;
    let live = true;
    import('./upload-text')
      .then(({ uploadErrorText }) => uploadErrorText(error, supportEmail))
      .catch(() => error.message)
      .then((sentence) => live && setText(sentence));
    return () => {
      live = false;
    };
  }, [error, supportEmail]);
  return text;
}

/** What the drop zone says went wrong, most pressing first, or null. */
export function useDropProblem(supportEmail: string): DropProblemView | null {
  const doc = useStore($document);
  const refused = useStore($fileProblem);
  const refusal = refusalText(useStore($submission), 'document');
  const shown = problemOf(useStore($shownProblems), 'document');
  const attempts = useStore($sendAttempts);
  const snapshot = doc && !doc.gone ? doc.snapshot : null;
  const uploadError = useUploadErrorText(snapshot?.state === 'error' ? snapshot.error : null, supportEmail);

  if (refusal) return { text: refusal, failure: true, uploadAgain: doc?.gone ?? false, key: 'refusal' };
  if (refused) {
    const text = t(refused.problem === 'tooLarge' ? 'send.document.tooLarge' : 'send.document.unsupportedType', { name: refused.name });
    return { text, failure: true, uploadAgain: false, key: 'refused' };
  }
  if (doc?.gone) return { text: t('send.document.gone'), failure: true, uploadAgain: true, key: 'gone' };
  if (snapshot?.state === 'error' && uploadError) return { text: uploadError, failure: true, uploadAgain: true, key: 'error' };
  if (snapshot?.state === 'canceled')
    return { text: t('upload.progress.state.canceled'), failure: false, uploadAgain: true, key: 'canceled' };
  if (shown && shown.kind !== 'uploadFailed')
    return { text: problemText(shown), failure: true, uploadAgain: false, key: `shown-${attempts}` };
  return null;
}

/** The problem inside the drop zone, with the way out when there is one. */
export default function DropProblem({ id, problem, email }: { id: string; problem: DropProblemView; email: string }) {
  return (
    <div className={`drop-problem${problem.failure ? ' failure' : ''}`}>
      <Icon name={problem.failure ? 'circle-alert' : 'info'} />
      {/* Only the sentence is announced; a new key says it again (Send pressed anew). */}
      <p key={problem.key} id={id} role={problem.failure ? 'alert' : 'status'}>
        <SupportText text={problem.text} email={email} />
      </p>
      {problem.uploadAgain && (
        <button type="button" className="button secondary small" onClick={uploadAgain}>
          {t('send.document.uploadAgain')}
        </button>
      )}
    </div>
  );
}

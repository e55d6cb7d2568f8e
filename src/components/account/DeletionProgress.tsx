import deletionMessages from 'virtual:messages/deletion';
import errorsMessages from 'virtual:messages/errors';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AccountJobStatus } from '../../common/account-deletion';
import { isRetrying } from '../../common/account-deletion-rules';
import { type KeyOf, translator } from '../../i18n/translator';
import { deletionJobStore, retryDeletion } from '../../stores/account-deletion';
import './account-deletion.css';

const t = translator({ deletion: deletionMessages, errors: errorsMessages });

interface Props {
  /** The job id from the page address: the capability to watch this deletion. */
  jobId: string;
}

const STEP_LABELS: Record<string, KeyOf<'deletion'>> = {
  'lock-account': 'deletion.steps.lock-account',
  'release-numbers': 'deletion.steps.release-numbers',
  'cancel-subscription': 'deletion.steps.cancel-subscription',
  'delete-records': 'deletion.steps.delete-records',
  'delete-documents': 'deletion.steps.delete-documents',
};

/** The current step in words; a step this page has no words for yet still reads sensibly. */
function describe(job: AccountJobStatus): string {
  if (isRetrying(job)) return t('deletion.retrying');
  if (job.state === 'queued') return t('deletion.queued');
  const key = job.step ? STEP_LABELS[job.step] : undefined;
  return t(key ?? 'deletion.steps.working');
}

/** Follows one account deletion live, from the first step to "Your account has been deleted". */
export default function DeletionProgress({ jobId }: Props) {
  const $watch = useMemo(() => deletionJobStore(jobId), [jobId]);
  const { job, missing } = useStore($watch);
  const [retryFailed, setRetryFailed] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const ids = { heading: useId(), label: useId() };
  const progress = job?.progress ?? 0;
  const done = job?.state === 'done';

  // Set through the CSSOM: a style attribute in the server's HTML would break the page's CSP.
  useEffect(() => {
    if (bar.current) bar.current.style.width = `${progress}%`;
  }, [progress]);

  if (missing) {
    return (
      <section className="card deletion" aria-labelledby={ids.heading}>
        <h1 id={ids.heading}>{t('deletion.notFoundHeading')}</h1>
        <p>{t('deletion.notFoundText')}</p>
        <a className="button secondary" href="/">
          {t('deletion.home')}
        </a>
      </section>
    );
  }

  const failed = job?.state === 'failed';
  const heading = done ? t('deletion.doneHeading') : failed ? t('deletion.failedHeading') : t('deletion.heading');
  return (
    <section className={`card deletion${done ? ' deletion-done' : ''}`} aria-labelledby={ids.heading}>
      <h1 id={ids.heading}>{heading}</h1>
      {!done && !failed && <p className="muted">{t('deletion.intro')}</p>}
      <p id={ids.label} className="visually-hidden">
        {t('deletion.progressLabel')}
      </p>
      <div
        className="deletion-meter"
        role="progressbar"
        aria-labelledby={ids.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-busy={!done && !failed}
      >
        <div className="deletion-meter-bar" ref={bar} />
      </div>
      <div role="status" aria-live="polite">
        {!job && <p className="deletion-step">{t('deletion.checking')}</p>}
        {job && !done && !failed && <p className="deletion-step">{describe(job)}</p>}
        {done && <p>{t('deletion.doneText')}</p>}
        {failed && <p>{t('deletion.failedText')}</p>}
        {retryFailed && <p className="form-error">{t('errors.INTERNAL')}</p>}
      </div>
      {done && (
        <a className="button primary" href="/">
          {t('deletion.home')}
        </a>
      )}
      {failed && (
        <button type="button" className="button primary" onClick={async () => setRetryFailed((await retryDeletion(jobId)) === null)}>
          {t('deletion.tryAgain')}
        </button>
      )}
    </section>
  );
}

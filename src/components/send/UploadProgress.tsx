import progressMessages from 'virtual:messages/upload.progress';
import { type ReactNode, useId } from 'react';
import { type KeyOf, translator } from '../../i18n/translator';
import { formatFileSize } from '../../lib/upload/format-size';
import { cancelUpload, pauseUpload, resumeUpload, type UploadSnapshot } from '../../stores/send-document';
import Icon from '../icons/Icon';

const t = translator({ upload: { progress: progressMessages } });

/**
 * A running upload, inside the drop zone: its name and progress bar, and Pause / Resume / Cancel as
 * spec §4 allows them (none while it is `starting`).
 */
export default function UploadProgress({
  name,
  snapshot,
  starting,
  choose,
}: {
  name: string;
  snapshot: UploadSnapshot;
  starting: boolean;
  /** The file input's label: another file can be chosen in this one's place at any time. */
  choose: ReactNode;
}) {
  const progressId = useId();
  const { state, bytesTransferred, totalBytes } = snapshot;
  const amount = t('upload.progress.amount', { done: formatFileSize(bytesTransferred), total: formatFileSize(totalBytes) });
  const stateKey: KeyOf<'upload'> = `upload.progress.state.${state}`;
  const finishing = state === 'running' && totalBytes > 0 && bytesTransferred >= totalBytes;
  return (
    <div className="upload-progress">
      <Icon name="file-text" className="drop-file-icon" />
      <div className="upload-body">
        <label htmlFor={progressId}>{t('upload.progress.label', { name })}</label>
        <progress id={progressId} max={Math.max(totalBytes, 1)} value={bytesTransferred} aria-valuetext={amount}>
          {amount}
        </progress>
        <p className="upload-amount">
          <span>{amount}</span>
          <span role="status">{finishing ? t('upload.progress.checking') : t(stateKey)}</span>
        </p>
      </div>
      <div className="button-row upload-actions">
        <button type="button" className="button secondary small" disabled={starting || state !== 'running'} onClick={pauseUpload}>
          {t('upload.progress.pause')}
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={starting || (state !== 'paused' && state !== 'pausing')}
          onClick={resumeUpload}
        >
          {t('upload.progress.resume')}
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={starting || (state !== 'running' && state !== 'pausing')}
          onClick={cancelUpload}
        >
          {t('upload.progress.cancel')}
        </button>
        {choose}
      </div>
    </div>
  );
}

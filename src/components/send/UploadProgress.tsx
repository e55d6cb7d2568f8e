import { useId } from 'react';
import uploadMessages from 'virtual:messages/upload';
import { translator, type KeyOf } from '../../i18n/translator';
import { formatFileSize } from '../../lib/upload';
import { cancelUpload, pauseUpload, resumeUpload, type UploadSnapshot } from '../../stores/send-fax';

const t = translator({ upload: uploadMessages });

/** A running upload: its progress bar, and Pause / Resume / Cancel as spec §4 allows them. */
export default function UploadProgress({ name, snapshot }: { name: string; snapshot: UploadSnapshot }) {
  const progressId = useId();
  const { state, bytesTransferred, totalBytes } = snapshot;
  const amount = t('upload.progress', { done: formatFileSize(bytesTransferred), total: formatFileSize(totalBytes) });
  const stateKey: KeyOf<'upload'> = `upload.state.${state}`;
  const finishing = state === 'running' && totalBytes > 0 && bytesTransferred >= totalBytes;
  return (
    <div className="upload-progress">
      <label htmlFor={progressId}>{t('upload.progressLabel', { name })}</label>
      <progress id={progressId} max={Math.max(totalBytes, 1)} value={bytesTransferred} aria-valuetext={amount}>
        {amount}
      </progress>
      <p className="upload-amount">
        <span>{amount}</span>
        <span role="status">{finishing ? t('upload.checking') : t(stateKey)}</span>
      </p>
      <div className="button-row">
        <button type="button" className="button secondary" disabled={state !== 'running'} onClick={pauseUpload}>
          {t('upload.pause')}
        </button>
        <button type="button" className="button secondary" disabled={state !== 'paused' && state !== 'pausing'} onClick={resumeUpload}>
          {t('upload.resume')}
        </button>
        <button type="button" className="button secondary" disabled={state !== 'running' && state !== 'pausing'} onClick={cancelUpload}>
          {t('upload.cancel')}
        </button>
      </div>
    </div>
  );
}

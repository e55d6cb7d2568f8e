import { useStore } from '@nanostores/react';
import { useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import errorsMessages from 'virtual:messages/errors';
import sendMessages from 'virtual:messages/send';
import uploadMessages from 'virtual:messages/upload';
import { translator } from '../../i18n/translator';
import { formatFileSize } from '../../lib/upload';
import { looksLikeDataUrl } from '../../lib/upload/upload-string';
import { $document, $fileProblem, chooseDocument, chooseDocumentFromText, removeDocument, uploadAgain } from '../../stores/send-fax';
import { pagesText } from '../faxes/fax-text';
import { FAXABLE_ACCEPT } from './send-rules';
import SupportText from '../support/SupportText';
import { uploadErrorText } from './upload-text';
import UploadProgress from './UploadProgress';

const t = translator({ errors: errorsMessages, send: sendMessages, upload: uploadMessages });

const IN_PROGRESS = ['running', 'pausing', 'paused', 'canceling'];

/** Pick or drop the document to fax; it uploads at once. `supportEmail`: where an upload problem says to write. */
export default function DocumentPicker({ supportEmail }: { supportEmail: string }) {
  const doc = useStore($document);
  const problem = useStore($fileProblem);
  const [dragging, setDragging] = useState(false);
  const ids = { input: useId(), hint: useId() };

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    const text = event.dataTransfer.getData('text/plain');
    if (file) chooseDocument(file);
    else if (looksLikeDataUrl(text)) chooseDocumentFromText(text);
  };

  // A pasted picture or file, or a pasted data URL (spec §5), is taken like a picked file.
  const onPaste = (event: ClipboardEvent<HTMLDivElement>): void => {
    const file = event.clipboardData.files[0];
    const text = event.clipboardData.getData('text/plain');
    if (!file && !looksLikeDataUrl(text)) return;
    event.preventDefault();
    if (file) chooseDocument(file);
    else chooseDocumentFromText(text);
  };

  const snapshot = doc?.snapshot;
  const uploaded = doc && !doc.gone && snapshot?.state === 'success' ? snapshot.file : null;
  return (
    <section className="card" aria-labelledby="document-heading">
      <h2 id="document-heading">{t('send.documentHeading')}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer extra; the file input inside is the keyboard's way */}
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={onPaste}
      >
        <div className="field">
          <label htmlFor={ids.input}>{t('send.chooseFile')}</label>
          <input
            id={ids.input}
            type="file"
            accept={FAXABLE_ACCEPT}
            aria-describedby={ids.hint}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) chooseDocument(file);
              event.target.value = ''; // the same file may be picked again later
            }}
          />
          <p className="hint" id={ids.hint}>
            {dragging ? t('send.dropHere') : t('send.fileHint')}
          </p>
        </div>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem.problem === 'tooLarge' ? t('errors.FILE_TOO_LARGE') : t('upload.errors.unsupportedType', { name: problem.name })}
        </p>
      )}
      {doc && snapshot && IN_PROGRESS.includes(snapshot.state) && <UploadProgress name={doc.file.name} snapshot={snapshot} />}
      {uploaded && (
        <div className="document-ready">
          <p role="status">
            {t('send.documentReady', { name: uploaded.name, size: formatFileSize(uploaded.size), pages: pagesText(uploaded.pageCount) })}
          </p>
          <div className="button-row">
            <a
              className="button secondary"
              href={`/api/files/${encodeURIComponent(uploaded.fileId)}/content`}
              target="_blank"
              rel="noopener"
            >
              {t('send.previewDocument')}
            </a>
            <button type="button" className="button secondary" onClick={removeDocument}>
              {t('send.removeDocument')}
            </button>
          </div>
        </div>
      )}
      {doc && (doc.gone || snapshot?.state === 'error' || snapshot?.state === 'canceled') && (
        <div className="document-problem">
          <p className={snapshot?.state === 'canceled' && !doc.gone ? 'muted' : 'form-error'} role="alert">
            {doc.gone ? (
              t('send.documentGone')
            ) : snapshot?.state === 'error' && snapshot.error ? (
              <SupportText text={uploadErrorText(snapshot.error, supportEmail)} email={supportEmail} />
            ) : (
              t('upload.state.canceled')
            )}
          </p>
          <button type="button" className="button secondary" onClick={uploadAgain}>
            {t('send.uploadAgain')}
          </button>
        </div>
      )}
    </section>
  );
}

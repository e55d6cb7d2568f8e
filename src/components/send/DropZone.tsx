import sendDocument from 'virtual:messages/send.document';
import { useStore } from '@nanostores/react';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { translator } from '../../i18n/translator';
import { $document, $uploadedFile, chooseDocument, chooseDocumentFromText, IN_PROGRESS } from '../../stores/send-document';
import { clearRefusal } from '../../stores/send-fax';
import Icon from '../icons/Icon';
import DocumentReady from './DocumentReady';
import DropProblem, { useDropProblem } from './DropProblem';
import { AREA_CONTROL } from './send-areas';
import { FAXABLE_ACCEPT } from './send-rules';
import UploadProgress from './UploadProgress';
import './drop-zone.css';

const t = translator({ send: { document: sendDocument } });

/** A data URL (spec §5), e.g. a scan another app copied: taken like a file. */
const DATA_URL = /^\s*data:/i;

function take(file: File): void {
  clearRefusal();
  void chooseDocument(file);
}

/**
 * The document: drop it on the page, click the zone (the file input is hidden but
 * focusable and labelled), or paste it. While it uploads, its progress; once uploaded, its name,
 * size, pages and first page, with Replace and Remove; what went wrong, inside the zone.
 */
export default function DropZone({ supportEmail }: { supportEmail: string }) {
  const doc = useStore($document);
  const uploaded = useStore($uploadedFile);
  const problem = useDropProblem(supportEmail);
  const [dragging, setDragging] = useState(false);
  const ids = { heading: useId(), name: useId(), file: useId(), hint: useId(), problem: useId() };

  // A file dropped anywhere on the page is this fax's document: the browser must not open it in
  // place of the page and lose what was typed. A file pasted anywhere is taken too.
  useEffect(() => {
    const onDragOver = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: globalThis.DragEvent) => {
      const file = event.dataTransfer?.files[0];
      if (!file || event.defaultPrevented) return; // the zone took it
      event.preventDefault();
      take(file);
    };
    const onPaste = (event: ClipboardEvent) => {
      const file = event.clipboardData?.files[0];
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const inZone = event.target instanceof Element && event.target.closest('.drop-zone') !== null;
      if (!file && !(inZone && DATA_URL.test(text))) return;
      event.preventDefault();
      clearRefusal();
      if (file) take(file);
      else void chooseDocumentFromText(text, t('send.document.pastedText'));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('paste', onPaste);
    };
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    const text = event.dataTransfer.getData('text/plain');
    if (file) take(file);
    else if (DATA_URL.test(text)) void chooseDocumentFromText(text, t('send.document.pastedText'));
  };

  const uploading = doc && !doc.gone && IN_PROGRESS.includes(doc.snapshot.state) ? doc : null;
  const state = dragging ? 'dragging' : uploading ? 'uploading' : uploaded ? 'ready' : 'empty';
  const described = `${ids.hint} ${problem ? ids.problem : ''}`.trim();

  return (
    <section className="composer-section" aria-labelledby={ids.heading}>
      <h2 className="composer-label" id={ids.heading}>
        {t('send.document.label')}
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the pointer's extra; the file input inside is the keyboard's way */}
      <div
        className={`drop-zone ${state}${problem ? ' has-problem' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          id={AREA_CONTROL.document}
          type="file"
          className="visually-hidden"
          accept={FAXABLE_ACCEPT}
          aria-labelledby={`${ids.name} ${ids.file}`}
          aria-describedby={described}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) take(file);
            event.target.value = ''; // the same file may be picked again later
          }}
        />
        {uploaded && !dragging ? (
          <DocumentReady file={uploaded} local={doc?.file ?? null} labelId={ids.name} nameId={ids.file} />
        ) : uploading && !dragging ? (
          <UploadProgress
            name={uploading.file.name}
            snapshot={uploading.snapshot}
            starting={uploading.starting === true}
            choose={
              <label htmlFor={AREA_CONTROL.document} className="button ghost small" id={ids.name}>
                {t('send.document.chooseAnother')}
              </label>
            }
          />
        ) : (
          <label htmlFor={AREA_CONTROL.document} className="drop-target">
            <Icon name="file-up" className="drop-icon" />
            <span className="drop-prompt">{dragging ? t('send.document.dropHere') : t('send.document.prompt')}</span>
            <span className="button secondary small" id={ids.name}>
              {t('send.document.choose')}
            </span>
          </label>
        )}
        <p className="hint drop-hint" id={ids.hint} hidden={state === 'ready' || state === 'uploading'}>
          {t('send.document.hint')}
        </p>
        {problem && <DropProblem id={ids.problem} problem={problem} email={supportEmail} />}
      </div>
    </section>
  );
}

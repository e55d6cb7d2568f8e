import sendDocument from 'virtual:messages/send.document';
import { translator } from '../../i18n/translator';
import type { UploadedFile } from '../../lib/upload';
import { formatFileSize } from '../../lib/upload/format-size';
import { removeDocument } from '../../stores/send-document';
import { pagesText } from '../faxes/count-text';
import DocumentThumbnail from './DocumentThumbnail';
import { AREA_CONTROL } from './send-areas';

const t = translator({ send: { document: sendDocument } });

interface Props {
  file: UploadedFile;
  /** The file as chosen, still in memory: its first page is drawn from it. */
  local: File | null;
  /** The ids the file input is named by: "Replace", then the file's name. */
  labelId: string;
  nameId: string;
}

/** The uploaded document: its first page, name, size and pages; Replace (the file input's label) and Remove. */
export default function DocumentReady({ file, local, labelId, nameId }: Props) {
  const href = `/api/files/${encodeURIComponent(file.fileId)}/content`;
  return (
    <div className="document-ready">
      <a
        className="document-thumbnail-link"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={t('send.document.open', { name: file.name })}
      >
        <DocumentThumbnail file={local} />
      </a>
      <div className="document-facts">
        <p className="document-name" id={nameId}>
          {file.name}
        </p>
        <p className="document-details">
          {t('send.document.details', { size: formatFileSize(file.size), pages: pagesText(file.pageCount) })}
        </p>
      </div>
      <div className="button-row document-actions">
        <label htmlFor={AREA_CONTROL.document} className="button secondary small" id={labelId}>
          {t('send.document.replace')}
        </label>
        <button
          type="button"
          className="button ghost small"
          aria-label={t('send.document.removeNamed', { name: file.name })}
          onClick={removeDocument}
        >
          {t('send.document.remove')}
        </button>
      </div>
    </div>
  );
}

import loading from 'virtual:message/viewer.loading';
import network from 'virtual:message/viewer.network';
import notFound from 'virtual:message/viewer.notFound';
import server from 'virtual:message/viewer.server';
import tryAgain from 'virtual:message/viewer.tryAgain';
import unreadable from 'virtual:message/viewer.unreadable';
import { lazy, Suspense } from 'react';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import { type FaxDocumentProblem, importDocumentView } from './fax-document';
import { useFaxDocument } from './use-fax-document';
import './viewer.css';

// Only the words shown before the document opens: the viewer's others come with its drawing parts.
const t = translator({ viewer: { loading, notFound, network, server, unreadable, tryAgain } });

// Loaded with pdf.js (loadFaxDocument): by the time the document is ready, so is this.
const DocumentView = lazy(importDocumentView);

interface Props {
  /** Same-origin, answered with the session cookie: /api/faxes/<id>/document. */
  documentUrl: string;
  /** What the download is saved as. */
  fileName: string;
  /** Names the viewer for assistive technology and the printout. */
  title: string;
  /** Where the fax's facts are on the page, for a phone's "Details" link (the viewer fills its first screen). */
  detailsHref?: string;
}

const PROBLEM_TEXT = {
  'not-found': 'viewer.notFound',
  network: 'viewer.network',
  server: 'viewer.server',
  unreadable: 'viewer.unreadable',
} as const satisfies Record<FaxDocumentProblem, string>;

/** A fax's pages drawn with pdf.js: thumbnails, page view, zoom, rotate, download and print. */
export default function FaxViewer({ documentUrl, fileName, title, detailsHref }: Props) {
  const { state, retry } = useFaxDocument(documentUrl);

  return (
    <section className="fax-viewer" aria-label={title}>
      {state.kind === 'loading' && (
        <p className="muted viewer-loading" role="status">
          <Icon name="loader-circle" className="spin" />
          {t('viewer.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="viewer-problem">
          <p className="form-error" role="alert">
            <Icon name="circle-alert" />
            {t(PROBLEM_TEXT[state.problem])}
          </p>
          <button type="button" className="button secondary" onClick={retry}>
            {t('viewer.tryAgain')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <Suspense fallback={null}>
          <DocumentView document={state.document} documentUrl={documentUrl} fileName={fileName} title={title} detailsHref={detailsHref} />
        </Suspense>
      )}
    </section>
  );
}

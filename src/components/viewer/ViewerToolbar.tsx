import viewerMessages from 'virtual:messages/viewer';
import { translator } from '../../i18n/translator';
import { canZoomIn, canZoomOut, zoomPercent, type Zoom } from './viewer-zoom';

const t = translator({ viewer: viewerMessages });

interface Props {
  page: number;
  pageCount: number;
  zoom: Zoom;
  /** The scale shown, also when the zoom follows the width. */
  scale: number;
  documentUrl: string;
  fileName: string;
  printing: boolean;
  onPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  onRotate: () => void;
  onPrint: () => void;
}

/** Pages, zoom, rotation, download and print; every control reachable with Tab. */
export default function ViewerToolbar(props: Props) {
  const { page, pageCount, zoom, scale } = props;
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={t('viewer.toolbar')}>
      <div className="viewer-tool-group">
        <button
          type="button"
          className="button secondary"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
          aria-label={t('viewer.previousPage')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className="viewer-page-number" aria-live="polite">
          {t('viewer.pageOf', { page, pages: pageCount })}
        </span>
        <button
          type="button"
          className="button secondary"
          disabled={page >= pageCount}
          onClick={() => props.onPage(page + 1)}
          aria-label={t('viewer.nextPage')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="viewer-tool-group">
        <button
          type="button"
          className="button secondary"
          disabled={!canZoomOut(scale)}
          onClick={props.onZoomOut}
          aria-label={t('viewer.zoomOut')}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="viewer-zoom" aria-live="polite">
          <span className="visually-hidden">{t('viewer.zoomLabel')} </span>
          {t('viewer.zoom', { percent: zoomPercent(scale) })}
        </span>
        <button
          type="button"
          className="button secondary"
          disabled={!canZoomIn(scale)}
          onClick={props.onZoomIn}
          aria-label={t('viewer.zoomIn')}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className="button secondary" aria-pressed={zoom === 'fit'} onClick={props.onFitWidth}>
          {t('viewer.fitWidth')}
        </button>
      </div>
      <div className="viewer-tool-group">
        <button type="button" className="button secondary" onClick={props.onRotate} aria-label={t('viewer.rotate')}>
          <span aria-hidden="true">↻</span> {t('viewer.rotateShort')}
        </button>
        <a className="button secondary" href={props.documentUrl} download={props.fileName}>
          {t('viewer.download')}
        </a>
        <button type="button" className="button secondary" disabled={props.printing} onClick={props.onPrint}>
          {props.printing ? t('viewer.preparingPrint') : t('viewer.print')}
        </button>
      </div>
    </div>
  );
}

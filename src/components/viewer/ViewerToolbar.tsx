import viewerMessages from 'virtual:messages/viewer';
import { type MouseEvent, useId } from 'react';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import { canZoomIn, canZoomOut, type Zoom, zoomPercent } from './viewer-zoom';

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
  /** Where the fax's facts are: a phone's link to them. */
  detailsHref?: string;
  onPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  onRotate: () => void;
  onPrint: () => void;
}

/** Once a tool that is done in one go is used, the phone's sheet of tools goes away. */
function closeSheet(event: MouseEvent<HTMLElement>): void {
  const sheet = event.currentTarget.closest<HTMLElement>('[popover]');
  if (sheet?.matches(':popover-open')) sheet.hidePopover();
}

/**
 * Pages, zoom, rotation, download and print; every control reachable with Tab. On a phone only
 * the pages ("2 / 5") stay in the bar, under the page; the rest is a sheet the "⋯" button opens
 * (the same elements: viewer.css shows them in the bar on a wider screen).
 */
export default function ViewerToolbar(props: Props) {
  const { page, pageCount, zoom, scale } = props;
  const toolsId = useId();
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={t('viewer.toolbar')}>
      <div className="viewer-tool-group viewer-pages">
        <button
          type="button"
          className="button ghost icon-only"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
          aria-label={t('viewer.previousPage')}
        >
          <Icon name="chevron-left" />
        </button>
        <span className="viewer-page-number" aria-live="polite">
          <span className="viewer-page-long">{t('viewer.pageOf', { page, pages: pageCount })}</span>
          <span className="viewer-page-short" aria-hidden="true">
            {t('viewer.pageShort', { page, pages: pageCount })}
          </span>
        </span>
        <button
          type="button"
          className="button ghost icon-only"
          disabled={page >= pageCount}
          onClick={() => props.onPage(page + 1)}
          aria-label={t('viewer.nextPage')}
        >
          <Icon name="chevron-right" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a popover sheet on a phone, a part of the bar elsewhere; a fieldset is a form's */}
      <div className="viewer-tools" id={toolsId} popover="auto" role="group" aria-label={t('viewer.moreTools')}>
        <div className="viewer-tool-group">
          <button
            type="button"
            className="button ghost icon-only"
            disabled={!canZoomOut(scale)}
            onClick={props.onZoomOut}
            aria-label={t('viewer.zoomOut')}
          >
            <Icon name="zoom-out" />
          </button>
          <span className="viewer-zoom" aria-live="polite">
            <span className="visually-hidden">{t('viewer.zoomLabel')} </span>
            {t('viewer.zoom', { percent: zoomPercent(scale) })}
          </span>
          <button
            type="button"
            className="button ghost icon-only"
            disabled={!canZoomIn(scale)}
            onClick={props.onZoomIn}
            aria-label={t('viewer.zoomIn')}
          >
            <Icon name="zoom-in" />
          </button>
          <button type="button" className="button ghost" aria-pressed={zoom === 'fit'} onClick={props.onFitWidth}>
            <Icon name="move-horizontal" />
            {t('viewer.fitWidth')}
          </button>
        </div>
        <div className="viewer-tool-group">
          <button
            type="button"
            className="button ghost viewer-tool"
            title={t('viewer.rotate')}
            onClick={(event) => {
              props.onRotate();
              closeSheet(event);
            }}
            aria-label={t('viewer.rotate')}
          >
            <Icon name="rotate-cw" />
            <span className="viewer-tool-label">{t('viewer.rotateShort')}</span>
          </button>
          <a
            className="button ghost viewer-tool"
            href={props.documentUrl}
            download={props.fileName}
            title={t('viewer.download')}
            onClick={closeSheet}
          >
            <Icon name="download" />
            <span className="viewer-tool-label">{t('viewer.download')}</span>
          </a>
          <button
            type="button"
            className="button ghost viewer-tool"
            disabled={props.printing}
            title={t('viewer.print')}
            onClick={(event) => {
              props.onPrint();
              closeSheet(event);
            }}
          >
            <Icon name={props.printing ? 'loader-circle' : 'printer'} className={props.printing ? 'spin' : undefined} />
            <span className="viewer-tool-label">{props.printing ? t('viewer.preparingPrint') : t('viewer.print')}</span>
          </button>
        </div>
      </div>
      <div className="viewer-phone-tools">
        {props.detailsHref && (
          <a className="button ghost" href={props.detailsHref}>
            <Icon name="info" />
            {t('viewer.details')}
          </a>
        )}
        <button type="button" className="button ghost icon-only" popoverTarget={toolsId} aria-label={t('viewer.moreTools')}>
          <Icon name="ellipsis" />
        </button>
      </div>
    </div>
  );
}

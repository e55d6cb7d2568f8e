import viewerMessages from 'virtual:messages/viewer';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { translator } from '../../i18n/translator';
import type { FaxDocument } from './fax-document';
import PageThumbnails from './PageThumbnails';
import PageView from './PageView';
import { nextRotation, type Rotation, rotateSize } from './page-geometry';
import { type Point, scrollToKeep } from './page-gestures';
import { printFaxDocument } from './print-fax';
import { useElementWidth } from './use-element-width';
import { usePageGestures } from './use-page-gestures';
import { usePageSize } from './use-page-size';
import ViewerToolbar from './ViewerToolbar';
import { movePage, pageMoveForKey } from './viewer-keys';
import { fitWidthScale, type Zoom, zoomIn, zoomOut } from './viewer-zoom';

const t = translator({ viewer: viewerMessages });

interface Props {
  document: FaxDocument;
  documentUrl: string;
  fileName: string;
  title: string;
  /** Where the fax's facts are, for the phone's "Details" link. */
  detailsHref?: string;
}

/** An open fax: toolbar, thumbnails and the current page, with the state they share. */
export default function DocumentView({ document, documentUrl, fileName, title, detailsHref }: Props) {
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [rotation, setRotation] = useState<Rotation>(0);
  const [printing, setPrinting] = useState(false);
  const [printFailed, setPrintFailed] = useState(false);
  const viewRef = useRef<HTMLDivElement>(null);
  // A zoom by the fingers keeps the point under them in place (set before the zoom, used after).
  const zoomAnchor = useRef<{ anchor: Point; from: number } | null>(null);
  const viewWidth = useElementWidth(viewRef);
  const size = rotateSize(usePageSize(document, page), rotation);
  const fitScale = fitWidthScale(viewWidth, size);
  const scale = zoom === 'fit' ? fitScale : zoom;

  const goTo = (next: number): void => setPage(Math.min(document.pageCount, Math.max(1, next)));

  usePageGestures(viewRef, {
    scale,
    fitScale,
    // Wider than the view, the page scrolls sideways under the finger instead of turning.
    canSwipe: size.width * scale <= viewWidth + 1,
    onTurn: (move) => goTo(movePage(page, move, document.pageCount)),
    onZoom: (next, anchor) => {
      zoomAnchor.current = { anchor, from: scale };
      setZoom(next);
    },
  });

  useLayoutEffect(() => {
    const pending = zoomAnchor.current;
    const view = viewRef.current;
    zoomAnchor.current = null;
    if (!pending || !view) return;
    const to = scrollToKeep({ x: view.scrollLeft, y: view.scrollTop }, pending.anchor, scale / pending.from);
    view.scrollTo(to.x, to.y);
  }, [scale]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const fromPageView = event.currentTarget === viewRef.current;
    const move = pageMoveForKey(event.key, fromPageView ? viewRef.current : null);
    if (!move) return;
    event.preventDefault();
    goTo(movePage(page, move, document.pageCount));
  };

  const print = async (): Promise<void> => {
    setPrinting(true);
    setPrintFailed(false);
    try {
      await printFaxDocument(document, title);
    } catch {
      setPrintFailed(true);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <>
      <ViewerToolbar
        page={page}
        pageCount={document.pageCount}
        zoom={zoom}
        scale={scale}
        documentUrl={documentUrl}
        fileName={fileName}
        printing={printing}
        detailsHref={detailsHref}
        onPage={goTo}
        onZoomIn={() => setZoom(zoomIn(scale))}
        onZoomOut={() => setZoom(zoomOut(scale))}
        onFitWidth={() => setZoom('fit')}
        onRotate={() => setRotation(nextRotation)}
        onPrint={() => void print()}
      />
      {printFailed && (
        <p className="form-error" role="alert">
          {t('viewer.printFailed')}
        </p>
      )}
      <div className="viewer-body">
        <PageThumbnails document={document} rotation={rotation} currentPage={page} onSelect={goTo} onKeyDown={onKeyDown} />
        <PageView
          document={document}
          pageNumber={page}
          scale={scale}
          rotation={rotation}
          size={size}
          pannable={size.width * scale > viewWidth + 1}
          viewRef={viewRef}
          onKeyDown={onKeyDown}
        />
      </div>
    </>
  );
}

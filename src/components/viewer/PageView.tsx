import viewerMessages from 'virtual:messages/viewer';
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { translator } from '../../i18n/translator';
import type { FaxDocument } from './fax-document';
import type { PageSize, Rotation } from './page-geometry';
import { usePageRender } from './use-page-render';

const t = translator({ viewer: viewerMessages });

interface Props {
  document: FaxDocument;
  pageNumber: number;
  scale: number;
  rotation: Rotation;
  /** The page's size at 100%, as turned on screen. */
  size: PageSize;
  /** Wider than the view: a finger scrolls it both ways (viewer.css), rather than turning the page. */
  pannable: boolean;
  viewRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** The current page, large; the view scrolls when the page is bigger than it. */
export default function PageView({ document, pageNumber, scale, rotation, size, pannable, viewRef, onKeyDown }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const status = usePageRender(canvasRef, { document, pageNumber, scale, rotation });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its top
  useEffect(() => {
    viewRef.current?.scrollTo({ top: 0, left: 0 });
  }, [viewRef, pageNumber]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a scrollable region of the viewer, not a page section
    <div
      ref={viewRef}
      className={pannable ? 'viewer-page-view pannable' : 'viewer-page-view'}
      role="region"
      aria-label={t('viewer.pageView')}
      aria-busy={status === 'rendering'}
      // Focusable so the keyboard can scroll it and turn pages (./viewer-keys.ts).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <canvas
        ref={canvasRef}
        className="viewer-page"
        role="img"
        aria-label={t('viewer.pageLabel', { page: pageNumber })}
        // Whole pixels, as the bitmap has them (pdf-document.ts), so 100% is not resampled.
        style={{ width: `${Math.floor(size.width * scale)}px`, height: `${Math.floor(size.height * scale)}px` }}
      />
      {status === 'failed' && (
        <p className="form-error viewer-page-problem" role="alert">
          {t('viewer.pageFailed', { page: pageNumber })}
        </p>
      )}
    </div>
  );
}

import viewerMessages from 'virtual:messages/viewer';
import { useRef } from 'react';
import { translator } from '../../i18n/translator';
import type { FaxDocument } from './fax-document';
import { type Rotation, rotateSize } from './page-geometry';
import { usePageRender } from './use-page-render';
import { usePageSize } from './use-page-size';

const t = translator({ viewer: viewerMessages });

/** Thumbnails are this wide (CSS pixels), whatever the page's size; tall pages make tall ones. */
const THUMBNAIL_WIDTH = 96;

interface Props {
  document: FaxDocument;
  pageNumber: number;
  rotation: Rotation;
  current: boolean;
  /** Drawn only once it has come near the visible part of the strip. */
  visible: boolean;
  onSelect: (pageNumber: number) => void;
}

export default function PageThumbnail({ document, pageNumber, rotation, current, visible, onSelect }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = rotateSize(usePageSize(document, pageNumber, visible), rotation);
  const scale = THUMBNAIL_WIDTH / size.width;
  const status = usePageRender(canvasRef, { document, pageNumber, scale, rotation, enabled: visible });

  return (
    <button
      type="button"
      className={current ? 'viewer-thumbnail current' : 'viewer-thumbnail'}
      aria-label={t('viewer.pageLabel', { page: pageNumber })}
      aria-current={current ? 'page' : undefined}
      onClick={() => onSelect(pageNumber)}
    >
      {/* Blank paper until drawn: a canvas keeps its last picture, which a turn would distort. */}
      <span className="viewer-thumbnail-paper">
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas is not focusable; the button around it carries the name */}
        <canvas
          ref={canvasRef}
          className={status === 'done' ? 'drawn' : undefined}
          aria-hidden="true"
          style={{ width: `${THUMBNAIL_WIDTH}px`, height: `${Math.round(size.height * scale)}px` }}
        />
      </span>
      <span className="viewer-thumbnail-number" aria-hidden="true">
        {pageNumber}
      </span>
    </button>
  );
}

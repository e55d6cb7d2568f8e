import viewerMessages from 'virtual:messages/viewer';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { translator } from '../../i18n/translator';
import type { FaxDocument } from './fax-document';
import PageThumbnail from './PageThumbnail';
import type { Rotation } from './page-geometry';
import { useSeenPages } from './use-seen-pages';

const t = translator({ viewer: viewerMessages });

interface Props {
  document: FaxDocument;
  rotation: Rotation;
  currentPage: number;
  onSelect: (pageNumber: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Scrolls the strip (only the strip, never the window) so the item is in sight. */
function keepInStrip(strip: HTMLElement, item: HTMLElement): void {
  const outer = strip.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) strip.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) strip.scrollTop += inner.bottom - outer.bottom;
  if (inner.left < outer.left) strip.scrollLeft -= outer.left - inner.left;
  else if (inner.right > outer.right) strip.scrollLeft += inner.right - outer.right;
}

/** Every page small, the current one marked; a click opens that page. */
export default function PageThumbnails({ document, rotation, currentPage, onSelect, onKeyDown }: Props) {
  const stripRef = useRef<HTMLElement>(null);
  const { seen, observe } = useSeenPages(stripRef, rotation);
  const pages = Array.from({ length: document.pageCount }, (_, index) => index + 1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the strip scrolls to the page each time the current page changes
  useEffect(() => {
    const strip = stripRef.current;
    const item = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !item) return;
    keepInStrip(strip, item);
    // Keys pressed on a thumbnail move the focus along with the current page.
    if (strip.contains(window.document.activeElement)) item.focus();
  }, [currentPage]);

  return (
    <nav ref={stripRef} className="viewer-thumbnails" aria-label={t('viewer.thumbnails')} onKeyDown={onKeyDown}>
      <ol>
        {pages.map((pageNumber) => (
          <li key={pageNumber} ref={observe} data-page={pageNumber}>
            <PageThumbnail
              document={document}
              pageNumber={pageNumber}
              rotation={rotation}
              current={pageNumber === currentPage}
              visible={seen.has(pageNumber)}
              onSelect={onSelect}
            />
          </li>
        ))}
      </ol>
    </nav>
  );
}

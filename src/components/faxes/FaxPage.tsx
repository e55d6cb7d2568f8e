import type { ReactNode } from 'react';
import Toasts from '../toasts/Toasts';
import './fax-page.css';

interface Props {
  header: ReactNode;
  /** Banners about the fax as a whole: a failure, a retry, the trash, missing pages. */
  notices?: ReactNode;
  /** The viewer, or what stands in for it until there are pages. */
  document: ReactNode;
  /** Facts and timeline: beside the document on a wide screen, under it on a narrow one. */
  details?: ReactNode;
  /** /preview: the document has the whole width, the facts are in the header. */
  wide?: boolean;
}

/**
 * The layout every fax's page shares (fax-page.css): on a phone the header, the banners and the
 * document fill the first screen, so the page is what one sees first, and the details follow
 * (the viewer's "Details" link jumps to them).
 */
export default function FaxPage({ header, notices, document, details, wide }: Props) {
  return (
    // The outer box is the container the layout asks how wide it is (fax-page.css).
    <div className={wide ? 'fax-page wide' : 'fax-page'}>
      <div className="fax-layout">
        <div className="fax-first-screen">
          {header}
          <div className="fax-notices">{notices}</div>
          <div className="fax-document">{document}</div>
        </div>
        {details && (
          <div className="fax-side" id="fax-details">
            {details}
          </div>
        )}
      </div>
      <Toasts />
    </div>
  );
}

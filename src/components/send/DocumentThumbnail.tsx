import { useEffect, useState } from 'react';
import Icon from '../icons/Icon';

/** Thumbnails are this wide (CSS pixels); the page's own shape gives the height. */
export const THUMBNAIL_WIDTH = 64;

const IMAGE = /^image\/(png|jpeg)$/;

/**
 * The document's first page, small: a picture is shown as itself; a PDF's page 1 is drawn with
 * pdf.js, loaded for it on first need (decision 032). A file icon until then, or if it cannot be drawn.
 */
export default function DocumentThumbnail({ file }: { file: File | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const cancel = new AbortController();
    let made: string | null = null;
    const show = (next: string | null) => {
      if (next && cancel.signal.aborted) URL.revokeObjectURL(next);
      else if (next) {
        made = next;
        setUrl(next);
      }
    };
    if (IMAGE.test(file.type)) show(URL.createObjectURL(file));
    else
      import('./first-page-image')
        .then(({ firstPageImage }) => firstPageImage(file, THUMBNAIL_WIDTH, cancel.signal))
        .then(show)
        .catch(() => undefined); // the icon stays: the server has read the document already
    return () => {
      cancel.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  return <span className="document-thumbnail">{url ? <img src={url} alt="" /> : <Icon name="file-text" />}</span>;
}

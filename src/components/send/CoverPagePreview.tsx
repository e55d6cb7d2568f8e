import cover from 'virtual:messages/send.cover';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { translator } from '../../i18n/translator';
import { fetchCoverPagePreview } from '../../stores/send-cover-preview';
import { $uploadedFile } from '../../stores/send-document';
import { $draft } from '../../stores/send-draft';
import { $coverDefaults } from '../../stores/send-fax';

const t = translator({ send: { cover } });

/** The preview is made again this long after the last keystroke, not at each one. */
const SETTLE_MS = 600;
const PREVIEW_WIDTH = 112;

interface Preview {
  pdf: string;
  image: string | null;
}

/**
 * The cover page as it will be sent, drawn small beside its fields and made again as they change;
 * a click opens it whole in a new tab (the page's CSP keeps PDFs out of frames).
 */
export default function CoverPagePreview() {
  const draft = useStore($draft);
  const defaults = useStore($coverDefaults);
  const pages = useStore($uploadedFile)?.pageCount ?? 0;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = useRef<Preview | null>(null);
  // What the cover page shows (its date is the moment of sending, so it is left out).
  const { template, toName, coverToNumber, toCompany, fromName, fromNumber, fromCompany, subject, message } = draft;
  const content = JSON.stringify([
    template,
    toName,
    coverToNumber,
    toCompany,
    fromName,
    fromNumber,
    fromCompany,
    subject,
    message,
    defaults,
    pages,
  ]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is everything the preview shows
  useEffect(() => {
    const cancel = new AbortController();
    setBusy(true);
    const timer = setTimeout(async () => {
      const result = await fetchCoverPagePreview(cancel.signal);
      if (cancel.signal.aborted) return;
      if (!result.ok) {
        setBusy(false);
        setFailure(result.message);
        return;
      }
      // pdf.js comes with the first picture, after the fields (decision 032).
      const image = await import('./first-page-image')
        .then(({ firstPageImage }) => firstPageImage(result.pdf, PREVIEW_WIDTH, cancel.signal))
        .catch(() => null);
      if (cancel.signal.aborted) {
        if (image) URL.revokeObjectURL(image);
        return;
      }
      const next = { pdf: URL.createObjectURL(result.pdf), image };
      if (shown.current) forget(shown.current);
      shown.current = next;
      setPreview(next);
      setFailure(null);
      setBusy(false);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      cancel.abort();
    };
  }, [content]);
  useEffect(
    () => () => {
      if (shown.current) forget(shown.current);
    },
    [],
  );

  return (
    <figure className="cover-preview" aria-busy={busy}>
      {preview ? (
        <a className="cover-preview-page" href={preview.pdf} target="_blank" rel="noopener" aria-label={t('send.cover.openPreview')}>
          {preview.image ? <img src={preview.image} alt="" /> : <span className="cover-preview-blank" />}
        </a>
      ) : (
        <span className="cover-preview-page cover-preview-blank" />
      )}
      <figcaption className="hint">{busy ? t('send.cover.previewing') : t('send.cover.preview')}</figcaption>
      {failure && (
        <p className="field-error" role="alert">
          {t('send.cover.previewFailed', { reason: failure })}
        </p>
      )}
    </figure>
  );
}

function forget(preview: Preview): void {
  URL.revokeObjectURL(preview.pdf);
  if (preview.image) URL.revokeObjectURL(preview.image);
}

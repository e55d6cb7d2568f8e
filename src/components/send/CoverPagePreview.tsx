import { useEffect, useRef, useState } from 'react';
import errorsMessages from 'virtual:messages/errors';
import sendMessages from 'virtual:messages/send';
import { translator } from '../../i18n/translator';
import { fetchCoverPagePreview } from '../../stores/send-fax';

const t = translator({ errors: errorsMessages, send: sendMessages });

type PreviewState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ready'; url: string; opened: boolean }
  | { kind: 'failed'; reason: string };

/** Renders the cover page as it would be sent now and opens the PDF in a new tab. */
export default function CoverPagePreview() {
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const lastUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
    },
    [],
  );

  async function preview(): Promise<void> {
    // The tab is opened during the click, before any await: popup blockers allow it only then.
    // The page's CSP keeps PDFs out of frames, so the preview gets a tab of its own.
    const tab = window.open('', '_blank');
    setState({ kind: 'busy' });
    const result = await fetchCoverPagePreview();
    if (!result.ok) {
      tab?.close();
      setState({ kind: 'failed', reason: result.code === 'NETWORK' ? t('errors.NETWORK') : result.message });
      return;
    }
    if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
    const url = URL.createObjectURL(result.pdf);
    lastUrl.current = url;
    if (tab) tab.location.href = url;
    setState({ kind: 'ready', url, opened: tab !== null });
  }

  return (
    <div className="cover-preview">
      <button type="button" className="button secondary" disabled={state.kind === 'busy'} onClick={() => void preview()}>
        {state.kind === 'busy' ? t('send.previewing') : t('send.previewCover')}
      </button>
      {state.kind === 'ready' && (
        <p role="status">
          {state.opened && <>{t('send.previewReady')} </>}
          <a href={state.url} target="_blank" rel="noopener">
            {t('send.openPreview')}
          </a>
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {t('send.previewFailed', { reason: state.reason })}
        </p>
      )}
    </div>
  );
}

import viewerMessages from 'virtual:messages/viewer';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { FaxDetails } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { FAX_PREVIEW_PAGE, faxDetailsStore, leaveMissingFax } from '../../stores/fax-details';
import { withTimeZone } from '../time/time-zone';
import ReceivedFaxPreview from './ReceivedFaxPreview';

const t = translator({ viewer: viewerMessages });

/**
 * /preview?faxId= (spec §2): a received fax's pages, large. Any other fax id leaves the page.
 * `rendered`: the fax the page was rendered with (`details` null: not found), or null.
 */
function FaxPreview({ faxId, rendered }: { faxId: string; rendered: { details: FaxDetails | null } | null }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own fax starts the store once
  const watch = useMemo(() => faxDetailsStore(faxId, rendered), [faxId]);
  const state = useStore(watch.$details);
  // A sent fax is the user's too, but it has its own page; here it counts as missing.
  const missing = state.kind === 'missing' || (state.kind === 'ready' && state.details.fax.direction !== 'RECEIVE');

  useEffect(() => {
    if (missing) leaveMissingFax(FAX_PREVIEW_PAGE);
  }, [missing]);

  if (state.kind === 'loading') return <p className="muted">{t('viewer.preview.loading')}</p>;
  if (missing) {
    return (
      <p className="muted" role="status">
        {t('viewer.preview.notFound')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {t('viewer.preview.loadFailed', { reason: state.reason })}
        </p>
        <button type="button" className="button secondary" onClick={() => void watch.reload()}>
          {t('viewer.preview.tryAgain')}
        </button>
      </div>
    );
  }
  return <ReceivedFaxPreview fax={state.details.fax} />;
}

export default withTimeZone(FaxPreview);

import viewerMessages from 'virtual:messages/viewer';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';

const t = translator({ viewer: viewerMessages });

/** The spec's words for /preview: the caller's number, or "Withheld" when it was not sent. */
export function previewSenderText(fax: FaxView): string {
  return fax.remoteDisplay ?? t('viewer.preview.withheld');
}

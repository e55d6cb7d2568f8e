import type { FaxView } from '../../common/faxes';
import { t } from '../../i18n/t';

/** The spec's words for /preview: the caller's number, or "Withheld" when it was not sent. */
export function previewSenderText(fax: FaxView): string {
  return fax.remoteDisplay ?? t('viewer.preview.withheld');
}

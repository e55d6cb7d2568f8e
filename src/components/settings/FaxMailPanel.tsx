import type { FaxMailSettings } from '../../common/fax-mail';
import { withTimeZone } from '../time/time-zone';
import FaxMailSection from './FaxMailSection';
import SettingsPanel from './SettingsPanel';

/** Settings › Fax by e-mail: the addresses that get received faxes, and how to send one by mail. */
function FaxMailPanel({ faxMail }: { faxMail: FaxMailSettings }) {
  return (
    <SettingsPanel>
      <FaxMailSection rendered={faxMail} />
    </SettingsPanel>
  );
}

export default withTimeZone(FaxMailPanel);

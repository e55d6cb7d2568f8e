import type { WebhookEndpointView } from '../../common/outgoing-webhook-rules';
import { withTimeZone } from '../time/time-zone';
import SettingsPanel from './SettingsPanel';
import WebhookEndpoints from './WebhookEndpoints';

/** Settings › Developers: what the account's own software uses (the webhooks card; decision 047). */
function DevelopersPanel({ webhookEndpoints }: { webhookEndpoints: WebhookEndpointView[] }) {
  return (
    <SettingsPanel>
      <WebhookEndpoints rendered={webhookEndpoints} />
    </SettingsPanel>
  );
}

export default withTimeZone(DevelopersPanel);

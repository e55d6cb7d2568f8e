import { useStore } from '@nanostores/react';
import { type ComponentType, lazy, Suspense } from 'react';
import type { ApiKeyView } from '../../common/api-key-rules';
import type { WebhookEndpointView } from '../../common/outgoing-webhook-rules';
import { $stepUpAsk } from '../../stores/step-up';
import { withTimeZone } from '../time/time-zone';
import ApiKeysCard from './ApiKeysCard';
import SettingsPanel from './SettingsPanel';
import type { StepUpDialogProps } from './two-step/StepUpDialog';
import WebhookEndpoints from './WebhookEndpoints';

// The step-up question loads on first need, as in the Security section (decision 044).
const StepUpDialog = lazy<ComponentType<StepUpDialogProps>>(() => import('./two-step/StepUpDialog'));

function StepUpQuestion() {
  const answer = useStore($stepUpAsk);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={answer} />
    </Suspense>
  );
}

/**
 * Settings › Developers: what the account's own software uses — its API keys (decision 046) and the
 * webhooks it listens at (decision 047).
 */
function DevelopersPanel({ apiKeys, webhookEndpoints }: { apiKeys: ApiKeyView[]; webhookEndpoints: WebhookEndpointView[] }) {
  return (
    <SettingsPanel>
      <ApiKeysCard rendered={apiKeys} />
      <WebhookEndpoints rendered={webhookEndpoints} />
      <StepUpQuestion />
    </SettingsPanel>
  );
}

export default withTimeZone(DevelopersPanel);

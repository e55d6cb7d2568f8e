import { useStore } from '@nanostores/react';
import { type ComponentType, lazy, Suspense } from 'react';
import type { ApiKeyView } from '../../common/api-key-rules';
import { $stepUpAsk } from '../../stores/step-up';
import { withTimeZone } from '../time/time-zone';
import ApiKeysCard from './ApiKeysCard';
import SettingsPanel from './SettingsPanel';
import type { StepUpDialogProps } from './two-step/StepUpDialog';

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
 * Settings › Developers (decision 046): a list of cards, the API keys first (the webhooks' card
 * joins it later), for people whose own software sends faxes.
 */
function DevelopersPanel({ apiKeys }: { apiKeys: ApiKeyView[] }) {
  return (
    <SettingsPanel>
      <ApiKeysCard rendered={apiKeys} />
      <StepUpQuestion />
    </SettingsPanel>
  );
}

export default withTimeZone(DevelopersPanel);

import newCodesMessage from 'virtual:message/secondFactor.newCodes';
import offMessage from 'virtual:message/secondFactor.off';
import onMessage from 'virtual:message/secondFactor.on';
import codesLeftMessage from 'virtual:message/secondFactor.settingsCodesLeft';
import codesLeftOneMessage from 'virtual:message/secondFactor.settingsCodesLeftOne';
import headingMessage from 'virtual:message/secondFactor.settingsHeading';
import textMessage from 'virtual:message/secondFactor.settingsText';
import turnOffMessage from 'virtual:message/secondFactor.turnOff';
import turnOnMessage from 'virtual:message/secondFactor.turnOn';
import { useStore } from '@nanostores/react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { SecondFactorStatus } from '../../common/second-factor-schemas';
import { translator } from '../../i18n/translator';
import { $stepUpAsk } from '../../stores/step-up';
import Icon from '../icons/Icon';
import FormStatus, { type Status } from './FormStatus';
import SettingsSection from './SettingsSection';
import type { StepUpDialogProps } from './two-step/StepUpDialog';
import type { TwoStepDialogProps } from './two-step/TwoStepDialog';

const t = translator({
  secondFactor: {
    settingsHeading: headingMessage,
    settingsText: textMessage,
    settingsCodesLeft: codesLeftMessage,
    settingsCodesLeftOne: codesLeftOneMessage,
    on: onMessage,
    off: offMessage,
    turnOn: turnOnMessage,
    turnOff: turnOffMessage,
    newCodes: newCodesMessage,
  },
});

// Setting up, new codes and turning off happen in a dialog whose code (and words) load on the
// first click: most visits to Security never open it (decision 032).
const StepUpDialog = lazy<ComponentType<StepUpDialogProps>>(() => import('./two-step/StepUpDialog').catch(() => ({ default: NoStepUp })));
const TwoStepDialog = lazy<ComponentType<TwoStepDialogProps>>(() =>
  import('./two-step/TwoStepDialog').catch(() => ({ default: NoDialog })),
);

/** When the question's code could not load (offline): the change is not made. */
function NoStepUp({ onDone }: StepUpDialogProps): null {
  useEffect(() => onDone(false), [onDone]);
  return null;
}

/** When the dialog's code could not load (offline): nothing opens, nothing breaks. */
function NoDialog(_: TwoStepDialogProps): null {
  return null;
}

export type TwoStepAction = 'setup' | 'codes' | 'off';

/** Settings › Security: two-step verification, on or off, and what can be done about it (decision 044). */
export default function TwoStepCard({ rendered }: { rendered: SecondFactorStatus }) {
  const [status, setStatus] = useState(rendered);
  const [action, setAction] = useState<TwoStepAction | null>(null);
  const [said, setSaid] = useState<Status>({ kind: 'idle' });
  const open = (next: TwoStepAction) => {
    setSaid({ kind: 'idle' });
    setAction(next);
  };
  const left =
    status.recoveryCodesLeft === 1
      ? t('secondFactor.settingsCodesLeftOne')
      : t('secondFactor.settingsCodesLeft', { count: status.recoveryCodesLeft });
  return (
    <SettingsSection id="two-step" title={t('secondFactor.settingsHeading')} description={t('secondFactor.settingsText')}>
      <p className="two-step-state">
        <span className={status.app ? 'pill ok' : 'pill'}>
          <Icon name={status.app ? 'shield-check' : 'shield-off'} />
          {status.app ? t('secondFactor.on') : t('secondFactor.off')}
        </span>
        {status.app && <span className="muted">{left}</span>}
      </p>
      <div className="settings-card-foot">
        <FormStatus status={said} />
        <div className="button-row">
          {status.app ? (
            <>
              <button type="button" className="button secondary" onClick={() => open('codes')}>
                {t('secondFactor.newCodes')}
              </button>
              <button type="button" className="button secondary" onClick={() => open('off')}>
                {t('secondFactor.turnOff')}
              </button>
            </>
          ) : (
            <button type="button" className="button primary" onClick={() => open('setup')}>
              {t('secondFactor.turnOn')}
            </button>
          )}
        </div>
      </div>
      {action && (
        <Suspense fallback={null}>
          <TwoStepDialog
            action={action}
            onClose={(outcome) => {
              setAction(null);
              if (!outcome) return;
              setStatus(outcome.status);
              setSaid({ kind: 'done', message: outcome.message });
            }}
          />
        </Suspense>
      )}
    </SettingsSection>
  );
}

/** The step-up question (decision 044), shown while a change of this section waits for it. */
export function StepUpQuestion() {
  const answer = useStore($stepUpAsk);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={answer} />
    </Suspense>
  );
}

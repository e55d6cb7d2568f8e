import dashboardMessages from 'virtual:messages/dashboard';
import { useState } from 'react';
import type { SetupTask, SetupTaskState } from '../../common/setup-checklist';
import { withTaskDone } from '../../common/setup-checklist';
import { translator } from '../../i18n/translator';
import { saveSetupStep } from '../../stores/onboarding';
import { $recentFaxes } from '../../stores/recent-faxes';
import { $ownNumber } from '../../stores/subscription';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';

const t = translator({ dashboard: dashboardMessages });

/** Where each open task's action leads; confirming the address has the banner's action instead. */
const TASK_PATHS = {
  number: '/reserveNumber',
  send: '/send',
  contact: '/phonebook',
} as const satisfies Record<Exclude<SetupTask, 'email'>, string>;

interface Props {
  /** The checklist as the server found it (src/common/setup-checklist.ts). */
  initial: SetupTaskState[];
  email: string;
  /** The address was confirmed on this page (the mailed link, or "Send the link again" found it done). */
  emailConfirmed: boolean;
}

function Task({ state, email }: { state: SetupTaskState; email: string }) {
  const name = t(`dashboard.setup.${state.task}.name`);
  const task = state.task === 'email' ? null : state.task;
  return (
    <li className={state.done ? 'dash-task done' : 'dash-task'}>
      <Icon name={state.done ? 'circle-check' : 'circle'} className="dash-task-mark" />
      <span className="dash-task-text">
        <span className="dash-task-name">
          {name}
          {state.done && <span className="visually-hidden"> {t('dashboard.setupDone')}</span>}
        </span>
        {!state.done && state.task === 'email' && <span className="dash-hint">{t('dashboard.setup.email.hint', { email })}</span>}
      </span>
      {!state.done && task && (
        <a className="button secondary small" href={TASK_PATHS[task]}>
          {t(`dashboard.setup.${task}.action`)}
        </a>
      )}
    </li>
  );
}

/**
 * What a new account still has to do, ticked by whatever route did it; gone once all is done or
 * when hidden (that ends the first-run path, as skipping it does).
 */
export default function SetupChecklist({ initial, email, emailConfirmed }: Props) {
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What the page learns after it was rendered: a number assigned, a first fax sent, the address confirmed.
  const number = useSeededStore($ownNumber, undefined);
  const recent = useSeededStore($recentFaxes, null);
  let tasks: SetupTaskState[] | null = initial;
  if (number) tasks = withTaskDone(tasks, 'number');
  if (recent?.recent.some((fax) => fax.direction === 'SEND')) tasks = withTaskDone(tasks, 'send');
  if (emailConfirmed) tasks = withTaskDone(tasks, 'email');
  if (!tasks || hidden) return null;

  const hide = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await saveSetupStep('skipped');
    setBusy(false);
    if (result.ok) setHidden(true);
    else setError(t('dashboard.setupHideFailed', { reason: result.message }));
  };

  const done = tasks.filter((one) => one.done).length;
  return (
    <section className="card dash-setup" aria-labelledby="setup-heading">
      <div className="card-header">
        <div>
          <h2 id="setup-heading">{t('dashboard.setupHeading')}</h2>
          <p className="dash-hint">{t('dashboard.setupProgress', { done, total: tasks.length })}</p>
        </div>
        <progress className="dash-setup-bar" value={done} max={tasks.length} aria-hidden="true" />
        <button
          type="button"
          className="button ghost small"
          onClick={() => void hide()}
          disabled={busy}
          aria-label={t('dashboard.setupHideLabel')}
        >
          {t('dashboard.setupHide')}
        </button>
      </div>
      <ol className="dash-tasks">
        {tasks.map((state) => (
          <Task key={state.task} state={state} email={email} />
        ))}
      </ol>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SubscriptionView } from '../../common/billing';
import type { FaxCounts, ReceiveStatus, SendStatus } from '../../common/faxes';
import type { SetupStep } from '../../common/onboarding';
import type { PlanSummary } from '../../common/plan-summary';
import { viewerLabel, type Viewer } from '../../common/viewer';
import dashboardMessages from 'virtual:messages/dashboard';
import { translator } from '../../i18n/translator';
import { $viewer, setViewer } from '../../stores/session';
import SetupReminder from '../onboarding/SetupReminder';
import ActivityFeed from './ActivityFeed';
import ConfirmEmail from './ConfirmEmail';
import PlanCredits from './PlanCredits';
import ReceivingNow from './ReceivingNow';
import SendingNow from './SendingNow';
import { withTimeZone } from '../time/time-zone';
import YourNumber from './YourNumber';

const t = translator({ dashboard: dashboardMessages });

interface Props {
  /** The user the server rendered this page for. */
  viewer: Viewer;
  /** The send document as it was when the page was rendered. */
  sendStatus: SendStatus | null;
  /** The receive document and the fax counts as they were when the page was rendered. */
  receiveStatus: ReceiveStatus | null;
  faxCounts: FaxCounts | null;
  /** The user's own fax number (E.164) as it was when the page was rendered, or null. */
  faxNumber: string | null;
  /** The user's plan is on (TRIAL or PAID) as the page was rendered. */
  paying: boolean;
  /** The plan and the pages left to send and receive as the page was rendered. */
  plan: PlanSummary;
  /** Where the first-run path stands, or null when it is over (src/common/onboarding.ts). */
  onboarding: SetupStep | null;
  /** The address while it is not confirmed, and the faxes that may still be sent; null once confirmed. */
  emailConfirmation: { email: string; sendsLeft: number } | null;
  /** The token of the confirmation link this page was opened from, or null. */
  verifyEmailToken: string | null;
  /** The plan as the page was rendered (null for FREE), for the line under the number. */
  subscription: SubscriptionView | null;
}

function Dashboard({
  viewer: initialViewer,
  sendStatus,
  receiveStatus,
  faxCounts,
  faxNumber,
  paying,
  plan,
  onboarding,
  emailConfirmation,
  verifyEmailToken,
  subscription,
}: Props) {
  const current = useStore($viewer);
  useEffect(() => setViewer(initialViewer), [initialViewer]);
  const viewer = current ?? initialViewer;
  return (
    <div className="dashboard">
      <header className="page-header">
        <div>
          <h1>{t('dashboard.greeting', { name: viewerLabel(viewer) })}</h1>
          <p className="muted">{t('dashboard.signedInAs', { email: viewer.email })}</p>
        </div>
        <a className="button primary" href="/send">
          {t('dashboard.sendFax')}
        </a>
      </header>
      {(emailConfirmation || verifyEmailToken) && <ConfirmEmail pending={emailConfirmation} token={verifyEmailToken} />}
      {onboarding && <SetupReminder step={onboarding} />}
      <PlanCredits initial={plan} />
      <YourNumber initial={faxNumber} paying={paying} subscription={subscription} />
      <ReceivingNow initial={receiveStatus} initialCounts={faxCounts} />
      <SendingNow initial={sendStatus} />
      <ActivityFeed />
    </div>
  );
}

export default withTimeZone(Dashboard);

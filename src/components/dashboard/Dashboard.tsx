import dashboardMessages from 'virtual:messages/dashboard';
import { useEffect, useState } from 'react';
import type { SubscriptionView } from '../../common/billing';
import type { FaxCounts } from '../../common/faxes';
import type { PlanSummary } from '../../common/plan-summary';
import type { RecentFaxes } from '../../common/recent-faxes';
import type { SetupTaskState } from '../../common/setup-checklist';
import type { Viewer } from '../../common/viewer';
import { translator } from '../../i18n/translator';
import { $faxCounts, seedFaxCounts } from '../../stores/fax-counts';
import { $recentFaxes, seedRecentFaxes } from '../../stores/recent-faxes';
import { $viewer, setViewer } from '../../stores/session';
import { $ownNumber, $subscription, followSubscription, ownNumberOr, seedSubscription } from '../../stores/subscription';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import { withTimeZone } from '../time/time-zone';
import Toasts from '../toasts/Toasts';
import ConfirmEmail from './ConfirmEmail';
import NumberCard from './NumberCard';
import PlanCard from './PlanCard';
import RecentActivity from './RecentActivity';
import SetupChecklist from './SetupChecklist';
import UnreadFaxes from './UnreadFaxes';
import './dashboard.css';

const t = translator({ dashboard: dashboardMessages });

interface Props {
  /** The user the server rendered this page for. */
  viewer: Viewer;
  /** The unread faxes and the recent activity as they were when the page was rendered. */
  recentFaxes: RecentFaxes;
  /** Unread received faxes and totals as the page was rendered. */
  faxCounts: FaxCounts | null;
  /** The user's own fax number (E.164) as it was when the page was rendered, or null. */
  faxNumber: string | null;
  /** The user's plan is on (TRIAL or PAID) as the page was rendered. */
  paying: boolean;
  /** The plan and the pages left to send and receive as the page was rendered. */
  plan: PlanSummary;
  /** The plan in full as the page was rendered (null for FREE). */
  subscription: SubscriptionView | null;
  /** What a new account still has to do, or null when there is no checklist (src/common/setup-checklist.ts). */
  setupChecklist: SetupTaskState[] | null;
  /** The address while it is not confirmed, and the faxes that may still be sent; null once confirmed. */
  emailConfirmation: { email: string; sendsLeft: number } | null;
  /** The token of the confirmation link this page was opened from, or null. */
  verifyEmailToken: string | null;
}

/** "Welcome, Ada": the first name the user gave, else no name (an e-mail address is no greeting). */
function greeting(viewer: Viewer): string {
  const first = viewer.displayName?.trim().split(/\s+/)[0];
  return first ? t('dashboard.greeting', { name: first }) : t('dashboard.greetingNoName');
}

/**
 * The signed-in home (decision 036), built around what the customer pays for: their number
 * and the pages left first, then what came in and what happened, newest first.
 */
function Dashboard(props: Props) {
  const { faxNumber, paying, plan, setupChecklist, emailConfirmation, verifyEmailToken } = props;
  // Shared with the page's other islands (the live connection re-reads the viewer): each is shown
  // once this one has hydrated, and the page's own data until then (use-seeded-store.ts).
  const current = useSeededStore($viewer, props.viewer, () => setViewer(props.viewer));
  const viewer = current ?? props.viewer;
  const [emailConfirmed, setEmailConfirmed] = useState(false);
  const faxes = useSeededStore($recentFaxes, props.recentFaxes, () => seedRecentFaxes(props.recentFaxes)) ?? props.recentFaxes;
  const counts = useSeededStore($faxCounts, props.faxCounts, () => seedFaxCounts(props.faxCounts)) ?? props.faxCounts;
  const subscription = useSeededStore($subscription, props.subscription, () => seedSubscription(props.subscription));
  useEffect(() => followSubscription({ withHistory: false }), []);
  const number = ownNumberOr(useSeededStore($ownNumber, undefined), faxNumber);
  const pending = emailConfirmed ? null : emailConfirmation;

  return (
    <div className="dashboard">
      <header className="page-header dash-header">
        <h1>{greeting(viewer)}</h1>
        <a className="button primary" href="/send">
          <Icon name="send" />
          {t('dashboard.sendFax')}
        </a>
      </header>
      {(emailConfirmation || verifyEmailToken) && (
        <ConfirmEmail
          pending={emailConfirmation}
          sendCredits={plan.sendCredits}
          token={verifyEmailToken}
          onConfirmed={() => setEmailConfirmed(true)}
        />
      )}
      <div className="dash-top">
        <NumberCard number={number} paying={paying} />
        <PlanCard initial={plan} subscription={subscription} />
      </div>
      {setupChecklist && <SetupChecklist initial={setupChecklist} email={pending?.email ?? viewer.email} emailConfirmed={emailConfirmed} />}
      <div className="dash-lists">
        <UnreadFaxes
          faxes={faxes.unread}
          unreadCount={counts?.unreadReceived ?? faxes.unread.length}
          receivedCount={counts?.received ?? 0}
          ownNumber={number?.display ?? null}
        />
        <RecentActivity faxes={faxes.recent} />
      </div>
      <Toasts />
    </div>
  );
}

export default withTimeZone(Dashboard);

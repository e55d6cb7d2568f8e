import type { AccountDetails } from './account-view';
import type { PaymentsConfig } from './billing';
import type { CompanyIdentity } from './company';
import type { FaxCounts } from './faxes';
import type { SetupStep } from './onboarding';
import type { PageData } from './page-data';
import type { PlanSummary } from './plan-summary';
import type { RecentFaxes } from './recent-faxes';
import type { SetupTaskState } from './setup-checklist';
import type { Theme } from './theme';
import type { Viewer } from './viewer';

/**
 * What the Worker tells Astro about a page request (worker/index.ts → src/middleware.ts). Only
 * what the user may see: it can reach islands as props.
 */
export interface PageContext {
  viewer: Viewer | null;
  /** The reader's time zone (an IANA name from the `tz` cookie, decision 031), UTC until their browser has set it: dates are rendered in it. */
  timeZone: string;
  /** Light, dark or the system's (the `theme` cookie): the server renders <html data-theme> with it. */
  theme: Theme;
  /** The signed-in user's own fax number (E.164), or null. */
  faxNumber: string | null;
  /** Unread received faxes and totals, for the navigation (rendered with the page; live after). */
  faxCounts: FaxCounts | null;
  /** The signed-in user's plan type (FREE, TRIAL, PAID), or null. */
  subscriptionType: 'FREE' | 'TRIAL' | 'PAID' | null;
  /** The signed-in user's plan and the pages left to send and receive, or null. */
  plan: PlanSummary | null;
  /** The signed-in user's address while it is not confirmed yet, and the faxes they may still send; null once confirmed or with no user. */
  emailConfirmation: { email: string; sendsLeft: number } | null;
  /** Where the signed-in user's first-run path stands (src/common/onboarding.ts); null when it is over or there is no user. */
  onboarding: SetupStep | null;
  /** The setup checklist, on /dashboard only, while it shows (src/common/setup-checklist.ts); else null. */
  setupChecklist: SetupTaskState[] | null;
  /** The unread faxes and recent activity, on /dashboard only (rendered with the page, so it needs no fetch at load). */
  recentFaxes: RecentFaxes | null;
  /** Development tools (/dev pages, the local Google stand-in) are on. Never in production. */
  devTools: boolean;
  /** OAuth client id of the Google sign-in button (public by design). */
  googleClientId: string;
  /** `local`: the dev stand-in issues Google-style ID tokens; `google`: Google Identity Services. */
  googleSignIn: 'local' | 'google';
  /** Where users write for help (SUPPORT_EMAIL): the footer and every "contact us" message. */
  supportEmail: string;
  /** Who runs the service (PRODUCT_NAME, COMPANY_NAME, …): the footer, the landing and legal pages. */
  company: CompanyIdentity;
  /** Which card form /transaction shows: ours (`local`) or Stripe Elements with its publishable key. */
  payments: PaymentsConfig;
  /** Where the user's live pushes stood before anything on this page was read (decision 033); null with no user. */
  liveMark: string | null;
  /** The signed-in user's account as GET /api/account answers it, or null. */
  account: AccountDetails | null;
  /** What this page shows first, read for it alone (worker/pages/); null when its island reads it. */
  pageData: PageData | null;
}

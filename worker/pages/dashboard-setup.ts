import type { AccountDetails } from '../../src/common/account-view';
import type { SetupStep } from '../../src/common/onboarding';
import { type SetupTaskState, setupChecklist } from '../../src/common/setup-checklist';
import type { FaxNumberRow } from '../db/schema';
import type { PageFigures, PageFiguresWanted } from '../fax/page-figures';

// The dashboard's setup checklist from facts the page context reads anyway (the user, their number,
// the store's lifetime count and credits) and one more: whether the phonebook has a contact, asked
// of the store in the same call as the page's figures, and only while the checklist may still show.

/** What a page asks of the user's store beyond every page's figures. */
export function pageFiguresWanted(path: string, openStep: SetupStep | null): PageFiguresWanted {
  const onDashboard = path === '/dashboard';
  return { recentFaxes: onDashboard, hasContacts: onDashboard && openStep !== null };
}

/** The checklist the dashboard shows, or null (none asked, the path over, or every task done). */
export function dashboardChecklist(
  openStep: SetupStep | null,
  owned: FaxNumberRow | null,
  figures: PageFigures | null,
  account: AccountDetails | null,
): SetupTaskState[] | null {
  if (!figures || figures.hasContacts === null || !account) return null;
  return setupChecklist(openStep, {
    hasNumber: owned !== null,
    faxesSent: figures.totals.lifetimeSendCount,
    hasContacts: figures.hasContacts,
    emailConfirmed: account.emailVerified,
  });
}

import type { PageData } from '../../src/common/page-data';
import { readLoginHistory } from '../auth/login-history';
import { getDb } from '../db/client';
import { readFaxMailSettings } from '../fax-mail/settings';
import { readBillingHistory, subscriptionStatusFor } from '../subscriptions/status';
import type { PageInput } from './page-input';

/**
 * /settings: every section as its API call answers it (the account itself is in the page
 * context), so the page renders whole and nothing moves in after it. The plan is read as it is
 * stored: what is due is applied by the cron, never by opening a page.
 */
export async function loadSettings({ env, user, ownedNumber }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const db = getDb(env);
  const [status, billingHistory, faxMail, loginHistory] = await Promise.all([
    subscriptionStatusFor(env, user, ownedNumber),
    readBillingHistory(db, user.id),
    readFaxMailSettings(env, user),
    readLoginHistory(db, user.id),
  ]);
  return { page: 'settings', subscription: status.subscription, billingHistory, faxMail, loginHistory };
}

import { isPaying } from '../../src/common/billing';
import type { PageData } from '../../src/common/page-data';
import { subscriptionStatusFor } from '../subscriptions/status';
import type { PageInput } from './page-input';

/**
 * /dashboard: the rest of its first screen is in the page context (the send and receive documents,
 * the plan summary); this is the plan line under "Your fax number", as GET
 * /api/checkSubscriptionStatus answers it, for a user who has a plan. Nothing due is applied here
 * (a renewal charges a card): the cron does that, and the page follows its push.
 */
export async function loadDashboard({ env, user, ownedNumber }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const subscription = isPaying(user.subscriptionType) ? (await subscriptionStatusFor(env, user, ownedNumber)).subscription : null;
  return { page: 'dashboard', subscription };
}

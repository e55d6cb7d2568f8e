import type { PageData } from '../../src/common/page-data';
import { settingsSectionOf } from '../../src/common/settings-sections';
import { readApiKeys } from '../api-keys/manage';
import { readLoginHistory } from '../auth/login-history';
import { readPasskeys } from '../auth/passkey-settings';
import { readSecondFactorStatus } from '../auth/second-factor';
import { getDb } from '../db/client';
import { readFaxMailSettings } from '../fax-mail/settings';
import { listWebhookEndpoints } from '../outgoing-webhooks/endpoints';
import { readBillingHistory, subscriptionStatusFor } from '../subscriptions/status';
import type { PageInput } from './page-input';

/**
 * /settings?section=…: the section shown, as its API calls answer it, and nothing of the others
 * (each section is its own address). The account itself is in the page context. The plan is read
 * as it is stored: what is due is applied by the cron, never by opening a page.
 */
export async function loadSettings({ env, url, user, ownedNumber }: PageInput): Promise<PageData | null> {
  if (!user) return null;
  const section = settingsSectionOf(url.searchParams);
  switch (section) {
    case 'billing': {
      const [status, billingHistory] = await Promise.all([
        subscriptionStatusFor(env, user, ownedNumber),
        readBillingHistory(getDb(env), user.id),
      ]);
      return { page: 'settings', section, subscription: status.subscription, billingHistory };
    }
    case 'security': {
      const db = getDb(env);
      const [loginHistory, secondFactor, passkeys] = await Promise.all([
        readLoginHistory(db, user.id),
        readSecondFactorStatus(db, user.id),
        readPasskeys(db, user.id),
      ]);
      return { page: 'settings', section, loginHistory, secondFactor, passkeys };
    }
    case 'developers': {
      const [apiKeys, webhookEndpoints] = await Promise.all([readApiKeys(getDb(env), user.id), listWebhookEndpoints(env, user.id)]);
      return { page: 'settings', section, apiKeys, webhookEndpoints };
    }
    case 'fax-mail':
      return { page: 'settings', section, faxMail: await readFaxMailSettings(env, user) };
    default:
      return { page: 'settings', section };
  }
}

import type { ServiceProvider } from '../../src/common/company';
import type { PageData } from '../../src/common/page-data';
import { toOptionsView } from '../../src/common/plan-catalogue';
import { getDb } from '../db/client';
import { readPlanOptions } from '../db/queries/options';
import { type AppConfig, readConfig } from '../env';
import type { PageInput } from './page-input';

// Pages a visitor reads before deciding (decision 039): /login greets them with the offer, /terms
// states it, /privacy names who handles their data. Each says what this deployment really does.

/** /login and /terms: the free pages and the trial as GET /api/options answers a visitor. */
export async function loadOffer({ env }: PageInput): Promise<PageData> {
  return { page: 'offer', options: toOptionsView(await readPlanOptions(getDb(env))) };
}

/** Who data goes to with this configuration: the carrier, the card processor and the mail service in use. */
export function serviceProvidersOf(config: AppConfig): ServiceProvider[] {
  const providers: ServiceProvider[] = ['cloudflare'];
  if (config.CARRIER === 'telnyx') providers.push('telnyx');
  if (config.PAYMENT_PROCESSOR === 'stripe') providers.push('stripe');
  if (config.MAIL_PROVIDER === 'resend') providers.push('resend');
  if (config.MAIL_PROVIDER === 'cloudflare') providers.push('cloudflareEmail');
  // A local JWKS path is the dev stand-in: no one signs in with Google itself.
  if (!config.GOOGLE_JWKS_URL.startsWith('/')) providers.push('google');
  return providers;
}

export async function loadPrivacy({ env }: PageInput): Promise<PageData> {
  return { page: 'privacy', providers: serviceProvidersOf(readConfig(env)) };
}

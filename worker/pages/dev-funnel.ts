import { funnelDaysSchema } from '../../src/common/funnel-schema';
import type { PageData } from '../../src/common/page-data';
import { getDb } from '../db/client';
import { readFunnelCounts } from '../db/queries/funnel';
import { buildFunnelReport, reportRange } from '../domain/funnel';
import { readConfig } from '../env';
import type { PageInput } from './page-input';

/**
 * /dev/funnel (development only, decision 040): conversion per source, campaign and variation,
 * step by step, over the last `?days=` days (30 unless said). Without dev tools there is no page.
 */
export async function loadDevFunnel({ env, url }: PageInput): Promise<PageData | null> {
  if (!readConfig(env).DEV_TOOLS) return null;
  const days = funnelDaysSchema.parse(url.searchParams.get('days') ?? undefined);
  const range = reportRange(Date.now(), days);
  const counts = await readFunnelCounts(getDb(env), range.from, range.to);
  return { page: 'devFunnel', days, report: buildFunnelReport(counts, range) };
}

import { getDb } from '../db/client';
import { deleteExpiredPasskeyChallenges } from '../db/queries/passkeys';
import { deleteRateLimitsBefore } from '../db/queries/rate-limits';
import { RATE_LIMIT_MEMORY_MS } from '../domain/rate-limits';
import { runScheduledBilling } from '../subscriptions/lifecycle';
import { moveHistoriesToStores } from './move-histories';
import { moveInboundEventsToStores } from './move-inbound-events';
import { moveLedgerToPeriods } from './move-ledger';
import { moveMailedFaxesToStores } from './move-mailed-faxes';

// The cron (wrangler.toml, every 15 minutes; `npm start` runs it every minute): what must happen
// even when no page asks and no user's store is awake. Faxes on their way are watched by their
// owner's store itself, on its own alarm (decision 023), not by a sweep across users.
export async function runCron(env: Env): Promise<void> {
  try {
    await runScheduledBilling(env);
  } catch (err) {
    console.error('Cron task "billing" failed; the next run tries again', err);
  }
  try {
    const moved = await moveHistoriesToStores(env);
    if (moved > 0) console.log(`Moved the fax history of ${moved} users out of D1 into their stores`);
  } catch (err) {
    console.error('Cron task "move histories" failed; the next run resumes it', err);
  }
  try {
    const moved = await moveLedgerToPeriods(env);
    if (moved > 0) console.log(`Moved ${moved} rows of the per-fax ledger into its totals per period`);
  } catch (err) {
    console.error('Cron task "move ledger" failed; the next run resumes it', err);
  }
  try {
    const moved = await moveInboundEventsToStores(env);
    if (moved > 0) console.log(`Moved ${moved} carrier inbound events out of D1`);
  } catch (err) {
    console.error('Cron task "move inbound events" failed; the next run resumes it', err);
  }
  try {
    const moved = await moveMailedFaxesToStores(env);
    if (moved > 0) console.log(`Moved ${moved} faxes sent by e-mail out of D1 into their owners' stores`);
  } catch (err) {
    console.error('Cron task "move mailed faxes" failed; the next run resumes it', err);
  }
  try {
    // Passkey challenges nobody answered within their five minutes (decision 045).
    await deleteExpiredPasskeyChallenges(getDb(env), Date.now());
  } catch (err) {
    console.error('Cron task "expired passkey challenges" failed; the next run sweeps them', err);
  }
  try {
    // Abuse counters of addresses and accounts not seen for two windows: without this, every address
    // that ever knocked would keep a row in D1.
    await deleteRateLimitsBefore(getDb(env), Date.now() - RATE_LIMIT_MEMORY_MS);
  } catch (err) {
    console.error('Cron task "old rate limit counters" failed; the next run sweeps them', err);
  }
}

import { redispatchStalledFaxes } from '../fax/stalled-dispatch';
import { closeAbandonedCalls } from '../receive/abandoned-calls';
import { runScheduledBilling } from '../subscriptions/lifecycle';

// The cron (wrangler.toml, every 15 minutes; `npm start` runs it every minute): what must happen
// even when no page asks. Each task stands alone, so one failing never holds up the others.
export async function runCron(env: Env): Promise<void> {
  const tasks = [
    ['billing', () => runScheduledBilling(env)],
    ['abandoned incoming calls', () => closeAbandonedCalls(env)],
    ['stalled fax dispatches', () => redispatchStalledFaxes(env)],
  ] as const;
  const results = await Promise.allSettled(tasks.map(([, run]) => run()));
  results.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`Cron task "${tasks[i]![0]}" failed; the next run tries again`, result.reason);
  });
}

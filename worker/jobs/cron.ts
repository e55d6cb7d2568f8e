import { runScheduledBilling } from '../subscriptions/lifecycle';

// The cron (wrangler.toml, every 15 minutes; `npm start` runs it every minute): what must happen
// even when no page asks and no user's store is awake. Faxes on their way are watched by their
// owner's store itself, on its own alarm (decision 023), not by a sweep across users.
export async function runCron(env: Env): Promise<void> {
  try {
    await runScheduledBilling(env);
  } catch (err) {
    console.error('Cron task "billing" failed; the next run tries again', err);
  }
}

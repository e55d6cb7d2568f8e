import { z } from 'zod';

// Configuration read from the environment, validated once per isolate. Bindings (DB, DOCUMENTS,
// USER_HUB, ACCOUNT_JOBS) come typed from `wrangler types`; this covers vars and secrets.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Secret: signs the short-lived customToken that opens /api/live. */
      LIVE_TOKEN_SECRET: string;
    }
  }
}

const configSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']),
  LIVE_TOKEN_SECRET: z.string().min(32, 'LIVE_TOKEN_SECRET must be at least 32 characters'),
});

export type AppConfig = z.infer<typeof configSchema>;

let cached: { env: Env; config: AppConfig } | null = null;

/** The validated configuration; throws with every problem listed when it is incomplete. */
export function readConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}. See README.md "Configuration".`);
  }
  cached = { env, config: parsed.data };
  return parsed.data;
}

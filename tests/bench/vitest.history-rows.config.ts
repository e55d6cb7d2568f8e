import type { UserConfig } from 'vitest/config';
import base from '../../vitest.config';

// Runs tests/bench/history-rows.test.ts alone, inside workerd as the integration tests run (the
// same plugin, bindings and setup), for tests/bench/history-search.mjs. Not part of npm test.
export default async (env: Parameters<Extract<typeof base, (...args: never[]) => unknown>>[0]): Promise<UserConfig> => {
  const config = await (base as (env: unknown) => Promise<UserConfig>)(env);
  return { ...config, test: { ...config.test, include: ['tests/bench/history-rows.test.ts'] } };
};

import type { SetupStep } from '../common/onboarding';
import { type ApiData, type ApiResult, api, call } from '../lib/api';

// Where the user's first-run path stands is kept on the account (GET /api/updateUserSetup), so a
// reload or another device resumes it. Saves go one after another: a quick "Back" then "Skip"
// must reach the server in the order they were made, or the older step would win.

type SetupAnswer = ApiResult<ApiData<typeof api.updateUserSetup.$get>>;

let lastSave: Promise<unknown> = Promise.resolve();

export function saveSetupStep(step: SetupStep): Promise<SetupAnswer> {
  const save = lastSave.then(() => call(api.updateUserSetup.$get({ query: { setup: step } })));
  lastSave = save.catch(() => undefined);
  return save;
}

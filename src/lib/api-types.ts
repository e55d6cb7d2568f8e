import type { ApiData, api } from './api';

// Answer shapes components name in their props, read from the typed client (never restated).
export type AccountDetails = ApiData<typeof api.account.$get>['account'];
export type LoginHistoryEntry = ApiData<typeof api.loginHistory.$get>['history'][number];

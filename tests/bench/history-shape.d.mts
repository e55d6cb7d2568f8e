// Types of history-shape.mjs, for tests/bench/history-rows.test.ts.
export declare const HISTORY: number;
export declare function benchFax(
  i: number,
  newest: number,
): { id: string; remoteNumber: string; status: 'DELIVERED' | 'FAILED'; start: number };
export declare function benchSearches(newest: number): Array<{ label: string; query: Record<string, string> }>;
export declare function lastPageStartsAfter(total: number): number;

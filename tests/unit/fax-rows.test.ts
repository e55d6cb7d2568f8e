import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { newerRows } from '../../src/stores/fax-rows';

// A list read again while pushes keep coming (the catch-up after a render, decision 033): what the
// read answers never takes a row back to an older version than the one the page shows.

const fax = (id: string, updated: number, status: FaxView['status'] = 'SENDING'): FaxView =>
  ({ id, start: 1_000 - Number(id.slice(1)), updated, status }) as FaxView;

describe('newerRows', () => {
  it.each([
    ['the answer is newer: it wins', [fax('f1', 1)], [fax('f1', 2, 'DELIVERED')], ['DELIVERED']],
    ['a push came after the read: the shown row stays', [fax('f1', 3, 'DELIVERED')], [fax('f1', 2)], ['DELIVERED']],
    ['the same version: the answer', [fax('f1', 2)], [fax('f1', 2, 'SENDING')], ['SENDING']],
    ['a row the page did not have: the answer', [], [fax('f2', 1, 'FAILED')], ['FAILED']],
  ])('%s', (_case, shown, fresh, statuses) => {
    expect(newerRows(shown, fresh).map((row) => row.status)).toEqual(statuses);
  });

  it('keeps the answer’s rows, in its order, and leaves out rows it no longer has', () => {
    const rows = newerRows([fax('f1', 5, 'DELIVERED'), fax('f9', 5)], [fax('f2', 1), fax('f1', 4)]);
    expect(rows.map((row) => `${row.id}:${row.updated}`)).toEqual(['f2:1', 'f1:5']);
  });
});

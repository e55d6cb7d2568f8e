import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import {
  isOnItsWay,
  RECENT_SHOWN,
  type RecentFaxes,
  recentOf,
  UNREAD_SHOWN,
  unreadOf,
  withoutFaxes,
  withPushedFax,
} from '../../src/common/recent-faxes';
import { faxView } from '../support/fax-view';

// The dashboard's lists (decision 036), as the Worker builds them and the page keeps them
// from the pushes: the same rules on both sides.

function fax(id: string, fields: Partial<FaxView> = {}): FaxView {
  return faxView({ id, direction: 'RECEIVE', status: 'RECEIVED', pagesSent: 1, fileName: null, completed: 1_000, read: false, ...fields });
}

const ids = (faxes: FaxView[]): string[] => faxes.map((one) => one.id);
const EMPTY: RecentFaxes = { unread: [], recent: [] };

describe('isOnItsWay', () => {
  it.each([
    [{ status: 'RECEIVING' }, true],
    [{ direction: 'SEND', status: 'SENDING' }, true],
    [{ direction: 'SEND', status: 'QUEUED' }, true],
    // Scheduled: not on its way until it starts.
    [{ direction: 'SEND', status: 'QUEUED', sendAt: 9_000 }, false],
    [{ direction: 'SEND', status: 'DELIVERED' }, false],
    [{ status: 'RECEIVED' }, false],
  ] as const)('%j → %s', (fields, expected) => {
    expect(isOnItsWay(fax('a', fields))).toBe(expected);
  });
});

describe('recentOf and unreadOf', () => {
  it('put faxes on their way first, then the newest, and keep a few', () => {
    const old = fax('old', { direction: 'SEND', status: 'SENDING', start: 1 });
    const many = Array.from({ length: 10 }, (_, i) => fax(`f${i}`, { start: 100 + i, read: true }));
    const recent = recentOf([...many, old]);
    expect(recent).toHaveLength(RECENT_SHOWN);
    expect(ids(recent)).toEqual(['old', 'f9', 'f8', 'f7', 'f6', 'f5']);
  });

  it('leave the trash out, and keep the newest version of a fax met twice', () => {
    const older = fax('a', { updated: 1, status: 'RECEIVING' });
    const newer = fax('a', { updated: 2 });
    expect(recentOf([newer, older, fax('t', { trashedAt: 5 })])).toEqual([newer]);
  });

  it('list unread arrived faxes only, newest first, a few', () => {
    const faxes = [
      fax('read', { read: true, start: 9 }),
      fax('arriving', { status: 'RECEIVING', start: 8 }),
      fax('sent', { direction: 'SEND', status: 'DELIVERED', read: true, start: 7 }),
      ...[1, 2, 3, 4, 5].map((i) => fax(`u${i}`, { start: i })),
    ];
    expect(ids(unreadOf(faxes))).toEqual(['u5', 'u4', 'u3', 'u2']);
    expect(unreadOf(faxes)).toHaveLength(UNREAD_SHOWN);
  });
});

describe('withPushedFax', () => {
  it('adds an arriving fax to the activity, and to the unread once it has arrived', () => {
    const arriving = withPushedFax(EMPTY, fax('n', { status: 'RECEIVING', updated: 1 }));
    expect(ids(arriving.recent)).toEqual(['n']);
    expect(arriving.unread).toEqual([]);
    const arrived = withPushedFax(arriving, fax('n', { updated: 2 }));
    expect(ids(arrived.unread)).toEqual(['n']);
    expect(arrived.recent[0]?.status).toBe('RECEIVED');
  });

  it('takes a fax read or trashed out of the unread, and a trashed one out of the activity', () => {
    const shown = withPushedFax(EMPTY, fax('n', { updated: 1 }));
    const read = withPushedFax(shown, fax('n', { read: true, updated: 2 }));
    expect(read.unread).toEqual([]);
    expect(ids(read.recent)).toEqual(['n']);
    const trashed = withPushedFax(shown, fax('n', { trashedAt: 3, updated: 3 }));
    expect(trashed).toEqual(EMPTY);
  });

  it('ignores a push older than the version shown (pushes may come out of order)', () => {
    const shown = withPushedFax(EMPTY, fax('n', { read: true, updated: 5 }));
    expect(withPushedFax(shown, fax('n', { read: false, updated: 4 }))).toBe(shown);
  });

  it('forgets faxes deleted forever', () => {
    const shown = withPushedFax(withPushedFax(EMPTY, fax('a')), fax('b', { start: 2 }));
    const left = withoutFaxes(shown, ['a']);
    expect([ids(left.unread), ids(left.recent)]).toEqual([['b'], ['b']]);
  });
});

import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendingFaxQuery } from '../../worker/db/store/faxes';
import { passwordAccount } from '../support/db';
import { storeSql, userStoreStub } from '../support/user-store';

// What every page render reads from the user's store must not grow with the history (decisions 023,
// 027): the send document's "on its way" fax is found through its own index, so a user with
// thousands of sent faxes costs the same rows as one with a few. Rows read are the store's own
// count (a SQL cursor's rowsRead), with the query exactly as the product runs it.

async function rowsReadBySendingQuery(userId: string): Promise<number> {
  return runInDurableObject(userStoreStub(userId), (hub, state) => {
    const { sql, params } = sendingFaxQuery(hub.store).toSQL();
    const cursor = state.storage.sql.exec(sql, ...params);
    cursor.toArray();
    return cursor.rowsRead;
  });
}

async function addSentFaxes(userId: string, count: number, status: string): Promise<void> {
  await storeSql(
    userId,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO faxes (id, direction, status, remote_number, page_count, start, updated, read)
     SELECT lower(hex(randomblob(16))), 'SEND', ?, '+13125550190', 1, 1700000000000 + i * 1000, 1700000000000 + i * 1000, 1 FROM n`,
    count,
    status,
  );
}

describe('the send document read on every page', () => {
  it('reads the same few rows at 20 and at 5,000 sent faxes', async () => {
    const small = await passwordAccount();
    await addSentFaxes(small.userId, 20, 'DELIVERED');
    await addSentFaxes(small.userId, 1, 'SENDING');
    const large = await passwordAccount();
    await addSentFaxes(large.userId, 5_000, 'DELIVERED');
    await addSentFaxes(large.userId, 1, 'SENDING');

    const [few, many] = [await rowsReadBySendingQuery(small.userId), await rowsReadBySendingQuery(large.userId)];
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(3);
  });
});

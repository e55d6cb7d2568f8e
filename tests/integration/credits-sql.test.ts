import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitFaxChange } from '../../worker/db/queries/fax-changes';
import { createSendFaxCharged } from '../../worker/db/queries/faxes';
import { endReceivedFax } from '../../worker/db/queries/received-faxes';
import { type CreditBalance, periodCredits, splitCharge } from '../../worker/domain/credits';
import { CreditModel, creditStep, openingBalance, type SentFax } from '../support/credit-model';
import { insertUser } from '../support/db';
import { storedDocument } from '../support/documents';
import { faxRow, sendCreditsOf, setSendCredits } from '../support/faxes';
import { receiveCreditsOf, setReceiveCredits } from '../support/receive';

// The SQL of db/queries/credits.ts, as sending, receiving and refunds run it in D1, against the
// rules of domain/credits.ts: the same split for every balance, and over random sequences the
// same balances as the rules, never negative, with the fax ledger summing to what was spent.

const OUR_NUMBER = '+13055550100';

async function sendCharged(userId: string, fileId: string, pages: number): Promise<string | null> {
  const id = crypto.randomUUID();
  const accepted = await createSendFaxCharged(env.DB, {
    id,
    userId,
    toNumber: '+12125550123',
    pageCount: pages,
    fileId,
    fileName: 'letter.pdf',
    coverPage: null,
    anonymous: false,
    now: Date.now(),
  });
  return accepted ? id : null;
}

async function receiveCharged(userId: string, pages: number): Promise<string> {
  const faxId = crypto.randomUUID();
  const call = { faxId, userId, from: null, to: OUR_NUMBER, now: Date.now() };
  await endReceivedFax(env.DB, call, {
    kind: 'received',
    pageCount: pages,
    documentKey: `users/${userId}/faxes/${faxId}.pdf`,
    partial: false,
  });
  return faxId;
}

async function endSent(
  userId: string,
  faxId: string,
  outcome: 'DELIVERED' | 'FAILED',
  delivered: number,
  refund: { toPaid: number; toDefault: number },
) {
  const row = await faxRow(faxId);
  const now = Date.now();
  const result = await commitFaxChange(env.DB, {
    faxId,
    version: row.updated,
    now,
    fax: {
      status: outcome,
      pagesSent: delivered,
      attempt: 1,
      nextAttemptAt: null,
      failureReason: outcome === 'FAILED' ? 'BUSY' : null,
      completed: now,
    },
    timeline: [],
    refund: refund.toPaid + refund.toDefault > 0 ? { userId, ...refund } : undefined,
  });
  expect(result).toBe('committed');
}

/** Credits the anonymised fax ledger says these faxes spent: charged less refunded, per direction. */
async function spentByFaxes(faxIds: string[]): Promise<{ SEND: number; RECEIVE: number }> {
  if (faxIds.length === 0) return { SEND: 0, RECEIVE: 0 };
  const { results } = await env.DB.prepare(
    `SELECT direction, sum(charged - refunded) AS spent FROM fax_ledger WHERE fax_id IN (${faxIds.map(() => '?').join(',')}) GROUP BY direction`,
  )
    .bind(...faxIds)
    .all<{ direction: 'SEND' | 'RECEIVE'; spent: number }>();
  return { SEND: 0, RECEIVE: 0, ...Object.fromEntries(results.map((r) => [r.direction, r.spent])) };
}

async function userWith(send: CreditBalance, receive: CreditBalance): Promise<string> {
  const user = await insertUser();
  await setSendCredits(user.id, send.defaultCredits, send.paidCredits);
  await setReceiveCredits(user.id, receive.defaultCredits, receive.paidCredits);
  return user.id;
}

const none = { defaultCredits: 0, paidCredits: 0 };
const BALANCES: Array<[number, CreditBalance]> = [
  [3, { defaultCredits: 5, paidCredits: 5 }],
  [4, { defaultCredits: 3, paidCredits: 5 }],
  [2, { defaultCredits: 0, paidCredits: 5 }],
  [10, { defaultCredits: 4, paidCredits: 6 }],
  [12, { defaultCredits: 4, paidCredits: 6 }],
  [3, { defaultCredits: 0, paidCredits: 0 }],
];

describe('a send is charged as splitCharge says, in full or not at all', () => {
  it.each(BALANCES)('%i pages on %o', async (pages, balance) => {
    const userId = await userWith(balance, none);
    const fileId = await storedDocument(userId, 1);
    const faxId = await sendCharged(userId, fileId, pages);
    const split = splitCharge(pages, balance);
    if (split.uncovered > 0) {
      expect(faxId).toBeNull();
      expect(await sendCreditsOf(userId)).toEqual({ default: balance.defaultCredits, paid: balance.paidCredits });
      return;
    }
    const row = await faxRow(faxId!);
    expect([row.charged_default, row.charged_paid]).toEqual([split.fromDefault, split.fromPaid]);
    expect(await sendCreditsOf(userId)).toEqual({
      default: balance.defaultCredits - split.fromDefault,
      paid: balance.paidCredits - split.fromPaid,
    });
  });
});

describe('a received fax is charged as splitCharge says, the rest kept uncovered', () => {
  it.each(BALANCES)('%i pages on %o', async (pages, balance) => {
    const userId = await userWith(none, balance);
    const faxId = await receiveCharged(userId, pages);
    const split = splitCharge(pages, balance);
    const row = await env.DB.prepare('SELECT charged_default, charged_paid, uncovered_pages FROM faxes WHERE id = ?')
      .bind(faxId)
      .first<{ charged_default: number; charged_paid: number; uncovered_pages: number }>();
    expect(row).toEqual({ charged_default: split.fromDefault, charged_paid: split.fromPaid, uncovered_pages: split.uncovered });
    const after = await receiveCreditsOf(userId);
    expect([after.default, after.paid]).toEqual([balance.defaultCredits - split.fromDefault, balance.paidCredits - split.fromPaid]);
  });
});

describe('over random sequences of grants, sends, refunds and receives, played in D1', () => {
  it("the balances are the rules' balances, never negative, and the fax ledger sums to the balance", async () => {
    await fc.assert(
      fc.asyncProperty(openingBalance, fc.array(creditStep, { maxLength: 10 }), async (opening, steps) => {
        const userId = await userWith(opening.send, opening.receive);
        const fileId = await storedDocument(userId, 1);
        const model = new CreditModel(opening);
        const faxIds = new Map<SentFax, string>();
        const receivedIds: string[] = [];

        for (const step of steps) {
          if (step.op === 'grant') {
            const credits = periodCredits({ send: step.send, receive: step.receive });
            await env.DB.prepare('UPDATE users SET default_credits_send = ?, default_credits_receive = ? WHERE id = ?')
              .bind(credits.defaultCreditsSend, credits.defaultCreditsReceive, userId)
              .run();
            model.grant(step.send, step.receive);
          } else if (step.op === 'send') {
            const faxId = await sendCharged(userId, fileId, step.pages);
            const fax = model.send(step.pages);
            expect(faxId !== null).toBe(fax !== null);
            if (fax && faxId) faxIds.set(fax, faxId);
          } else if (step.op === 'receive') {
            receivedIds.push(await receiveCharged(userId, step.pages));
            model.receive(step.pages);
          } else if (model.sent.length > 0) {
            const fax = model.sent[step.fax % model.sent.length]!;
            const delivered = Math.min(step.delivered, fax.pageCount);
            const refund = model.end(fax, step.outcome, delivered);
            if (refund) await endSent(userId, faxIds.get(fax)!, step.outcome, delivered, refund);
          }

          const send = await sendCreditsOf(userId);
          const receive = await receiveCreditsOf(userId);
          expect({
            send: { defaultCredits: send.default, paidCredits: send.paid },
            receive: { defaultCredits: receive.default, paidCredits: receive.paid },
          }).toEqual(model.balance);
          for (const value of [send.default, send.paid, receive.default, receive.paid]) expect(value).toBeGreaterThanOrEqual(0);
          // The ledger: opening balance and grants, less what the fax ledger says faxes spent.
          const spent = await spentByFaxes([...faxIds.values(), ...receivedIds]);
          expect(model.credited('send') - spent.SEND).toBe(send.default + send.paid);
          expect(model.credited('receive') - spent.RECEIVE).toBe(receive.default + receive.paid);
        }
      }),
      { numRuns: 60 },
    );
  });
});

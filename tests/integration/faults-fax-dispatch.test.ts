import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/app';
import { insertUser } from '../support/db';
import { type FaultPlan, withFaults } from '../support/faults';
import { attemptRows, insertSendFax, ledgerRow, sendCreditsOf, setSendCredits, timelineOf, waitForFaxDone } from '../support/faxes';

// Faults in the fax-jobs consumer (decision 029): D1 and R2 fail with the errors Cloudflare documents
// as transient, at each step of a dispatch. The queue must redeliver the message (retried, never
// acknowledged while the work is undone), and once storage answers again the fax is delivered:
// sent to the carrier once, one attempt, charged once.

let counter = 0;

/** Delivers the dispatch message the way the queue does, again and again until it is acknowledged. */
async function deliverUntilAcked(body: unknown, faultyEnv: Env): Promise<{ deliveries: number; retriedFirst: boolean }> {
  let retriedFirst = false;
  for (let attempts = 1; attempts <= 8; attempts++) {
    const batch = createMessageBatch('fax-jobs', [{ id: `fault-${++counter}`, timestamp: new Date(), attempts, body }]);
    await worker.queue(batch, faultyEnv);
    const result = await getQueueResult(batch, createExecutionContext());
    if (result.explicitAcks.length === 1) return { deliveries: attempts, retriedFirst };
    expect(result.retryMessages).toHaveLength(1);
    if (attempts === 1) retriedFirst = true;
  }
  throw new Error('the dispatch was never acknowledged');
}

/** Counts the calls placed with the (loopback) carrier through this environment. */
function countingCarrierCalls(faultyEnv: Env): { env: Env; calls: () => number } {
  let calls = 0;
  const lines = faultyEnv.LOOPBACK_FAX_LINE;
  const counted = new Proxy(lines, {
    get(target, prop) {
      if (prop !== 'get') {
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (id: DurableObjectId) => {
        const stub = target.get(id);
        return new Proxy(stub, {
          get(s, p) {
            if (p === 'placeCall') calls += 1;
            return Reflect.get(s, p, s);
          },
        });
      };
    },
  });
  return { env: { ...faultyEnv, LOOPBACK_FAX_LINE: counted } as Env, calls: () => calls };
}

/** The user's store failing its first `times` calls of `method`, as an object reset would. */
function failingStoreCalls(faultyEnv: Env, method: string, times: number): Env {
  let left = times;
  const hubs = faultyEnv.USER_HUB;
  const failing = new Proxy(hubs, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== 'get') return typeof value === 'function' ? value.bind(target) : value;
      return (id: DurableObjectId) =>
        new Proxy(target.get(id), {
          get(stub, p) {
            const real = Reflect.get(stub, p, stub);
            if (p !== method || typeof real !== 'function') return real;
            return (...args: unknown[]) => {
              if (left-- > 0) return Promise.reject(new Error('Durable Object reset because its code was updated.'));
              return real.apply(stub, args);
            };
          },
        });
    },
  });
  return { ...faultyEnv, USER_HUB: failing } as Env;
}

// `redelivered`: the fault reaches the queue, which delivers the message again; otherwise the
// dispatch absorbs it (the carrier already has the fax, and a redelivery would send it again).
const CASES: { name: string; plan: FaultPlan; redelivered: boolean; storeFails?: number }[] = [
  { name: 'D1 lost on the first reads of each delivery', plan: { d1: 3 }, redelivered: true },
  // The carrier's id is kept only in the owner's store (decision 042).
  { name: 'The store lost twice recording the carrier’s id, after the carrier took the fax', plan: {}, storeFails: 2, redelivered: false },
  { name: 'The store down for every try at recording the carrier’s id', plan: {}, storeFails: 6, redelivered: false },
  { name: 'R2 lost reading the uploaded document', plan: { r2: 2, r2When: ['get'] }, redelivered: true },
  { name: 'R2 lost storing the rendered fax', plan: { r2: 2, r2When: ['put'] }, redelivered: true },
];

describe('the fax dispatch under storage faults', () => {
  it.each(CASES)('$name: delivered once, charged once', async ({ plan, redelivered, storeFails }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = await insertUser();
    const { faxId, pageCount } = await insertSendFax(user.id, { documentPages: 2 });
    // The balance left after sendFax charged the fax.
    await setSendCredits(user.id, 8, 0);
    const faults = withFaults(plan);
    const carrier = countingCarrierCalls(storeFails ? failingStoreCalls(faults.env, 'noteCarrierFaxId', storeFails) : faults.env);

    const { retriedFirst } = await deliverUntilAcked({ kind: 'fax.dispatch', faxId, userId: user.id, attempt: 1 }, carrier.env);
    expect(retriedFirst).toBe(redelivered);
    if (!storeFails) expect(faults.thrown.d1 + faults.thrown.r2).toBeGreaterThan(0);

    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED', attempt: 1, pages_sent: pageCount, refunded: 0 });
    expect(carrier.calls()).toBe(1);
    expect(await attemptRows(faxId)).toHaveLength(1);
    expect((await timelineOf(faxId)).filter((e) => e.kind === 'DELIVERED')).toHaveLength(1);
    expect(await sendCreditsOf(user.id)).toEqual({ default: 8, paid: 0 });
    expect(await ledgerRow(faxId)).toMatchObject({ status: 'DELIVERED', charged: pageCount, refunded: 0 });
  });
});

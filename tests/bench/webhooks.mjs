// Outgoing webhooks (decision 047): how long from a change in an account's store to the customer's
// receiver, on one local instance. The change's moment is the event's own `timestamp` (set in the
// account's Durable Object as the change is committed); the arrival is when a receiver on this
// machine has the whole request. Between them: the event kept with its delivery, the webhook-jobs
// queue, the claim from the store, the URL check, the signature and the POST.
//
//   node tests/bench/webhooks.mjs             starts the built product on BENCH_PORT (8796) first
//   BASE_URL=http://localhost:8787 node …     measures a server already running (local http allowed)
import { createServer } from 'node:http';
import { startLocalServer } from '../support/local-server.mjs';
import { ok, signUp, uploadOnePage } from './bench-accounts.mjs';
import { stats } from './figures.mjs';

/** A receiver on this machine that notes when each event arrived. */
async function startReceiver() {
  const arrivals = [];
  const waiters = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const at = Date.now();
      response.writeHead(200).end('ok');
      const event = JSON.parse(body);
      arrivals.push({ at, type: event.type, made: Date.parse(event.timestamp) });
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  const until = (test, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within 60 s`)), 60_000);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { url: `http://localhost:${server.address().port}/hook`, arrivals, until, close: () => server.close() };
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchWebhooks(base) {
  const receiver = await startReceiver();
  try {
    const headers = await signUp(base, 'webhooks');
    const events = ['fax.queued', 'fax.sending', 'fax.page_sent', 'fax.delivered', 'fax.failed'];
    const { endpoint } = await ok(
      await fetch(`${base}/api/addWebhookEndpoint`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url, events }) }),
      'addWebhookEndpoint',
    );
    // A test event, one at a time: the request that makes it → the receiver has it.
    const roundTrips = [];
    const testLag = [];
    for (let i = 0; i < 30; i++) {
      const before = receiver.arrivals.length;
      const started = Date.now();
      await ok(
        await fetch(`${base}/api/sendTestWebhook`, { method: 'POST', headers, body: JSON.stringify({ endpointId: endpoint.id }) }),
        'sendTestWebhook',
      );
      await receiver.until(() => receiver.arrivals.length > before, 'test event');
      const arrival = receiver.arrivals.at(-1);
      roundTrips.push(arrival.at - started);
      testLag.push(arrival.at - arrival.made);
    }
    // Faxes through the loopback network: every event of each, from its change to the receiver.
    const fileId = await uploadOnePage(base, headers);
    const faxLag = [];
    for (let i = 0; i < 5; i++) {
      const before = receiver.arrivals.length;
      await ok(
        await fetch(`${base}/api/sendFax`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ toNumber: '+12125550123', fileId, coverpage: false, pageCount: 1, anonymous: false }),
        }),
        'sendFax',
      );
      await receiver.until(
        () => receiver.arrivals.slice(before).some((a) => a.type === 'fax.delivered' || a.type === 'fax.failed'),
        'fax end',
      );
      for (const arrival of receiver.arrivals.slice(before)) faxLag.push(arrival.at - arrival.made);
    }
    return [
      ['webhook: state change → receiver (test events, one at a time)', stats(testLag)],
      ['webhook: sendTestWebhook call → receiver', stats(roundTrips)],
      ['webhook: fax state change → receiver (every event of 5 faxes)', stats(faxLag)],
    ];
  } finally {
    receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOOPBACK_MS_PER_PAGE ??= '0';
  const server = process.env.BASE_URL
    ? null
    : await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 8796), label: 'webhooks-bench' });
  try {
    for (const [name, figures] of await benchWebhooks(process.env.BASE_URL ?? server.url)) console.log(`${name.padEnd(66)} ${figures}`);
  } finally {
    await server?.stop();
  }
}

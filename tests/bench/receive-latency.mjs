// How fast a fax reaches the inbox of the number it was sent to, on one instance: account A sends
// a 1-page PDF to account B's number through the loopback network (0 ms per page, so the figure is
// our own pipeline: the fax-jobs queue, the dispatch, the simulated call's signed webhooks, the
// media copied into R2, the D1 batch that charges B, and the push to B's open socket).
import { accountWithNumber, ok, sendOne, uploadOnePage } from './bench-accounts.mjs';

async function openSocket(base, headers) {
  const { customToken } = await ok(await fetch(`${base}/api/verifyAuth`, { method: 'POST', headers }), 'verifyAuth');
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live?token=${customToken}`);
  // Open once the hub's first frame (where its pushes stand, decision 033) is in: every later one is an event.
  await new Promise((resolve, reject) => {
    socket.onmessage = resolve;
    socket.onerror = reject;
  });
  return socket;
}

/** Resolves when `count` distinct received faxes have been pushed to the socket. */
function receivedOn(socket, count) {
  const seen = new Set();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${seen.size} of ${count} faxes arrived within 60 s`)), 60_000);
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data));
      if (event.type === 'fax.updated' && event.fax?.direction === 'RECEIVE' && event.fax.status === 'RECEIVED') seen.add(event.fax.id);
      if (seen.size === count) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchReceive(base, stats) {
  const sender = await accountWithNumber(base, 'sender', '212');
  const receiver = await accountWithNumber(base, 'receiver', '212');
  const fileId = await uploadOnePage(base, sender.headers);
  const socket = await openSocket(base, receiver.headers);
  try {
    const single = [];
    for (let i = 0; i < 10; i++) {
      const arrived = receivedOn(socket, 1);
      const started = performance.now();
      await sendOne(base, sender, receiver.number, fileId);
      await arrived;
      single.push(performance.now() - started);
    }
    const burst = receivedOn(socket, 10);
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => sendOne(base, sender, receiver.number, fileId)));
    await burst;
    const burstMs = performance.now() - started;
    return [
      ['send → receiver’s inbox (1 page, loopback)', stats(single)],
      ['10 faxes sent at once → all in the inbox', `${burstMs.toFixed(0)} ms`],
    ];
  } finally {
    socket.close();
  }
}

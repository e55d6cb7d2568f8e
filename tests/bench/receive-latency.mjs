// How fast a fax reaches the inbox of the number it was sent to, on one instance: account A sends
// a 1-page PDF to account B's number through the loopback network (0 ms per page, so the figure is
// our own pipeline: the fax-jobs queue, the dispatch, the simulated call's signed webhooks, the
// media copied into R2, the D1 batch that charges B, and the push to B's open socket).
import { PDFDocument } from 'pdf-lib';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Bench Receiver' };

async function onePagePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Benchmark fax', { x: 72, y: 700, size: 24 });
  return pdf.save();
}

async function ok(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A new account with a number of its own on the BASIC plan; answers its cookie and number. */
async function accountWithNumber(base, label, areaCode) {
  const headers = { origin: base, 'content-type': 'application/json' };
  const email = `bench-${label}-${Date.now()}@example.com`;
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'benchmark password 1' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('fax_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-up of ${label} failed: ${signup.status}`);
  const signedIn = { ...headers, cookie };
  const { numbers } = await ok(await fetch(`${base}/api/numbers?areaCode=${areaCode}`, { headers: signedIn }), 'number search');
  await ok(await fetch(`${base}/api/reserveTempNumber?numberId=${numbers[0].id}`, { headers: signedIn }), 'hold');
  const paid = await ok(
    await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ plan: 'BASIC', term: 'MONTH', card: CARD }),
    }),
    'checkout',
  );
  return { headers: signedIn, number: paid.subscription.faxNumber.number };
}

async function openSocket(base, headers) {
  const { customToken } = await ok(await fetch(`${base}/api/verifyAuth`, { method: 'POST', headers }), 'verifyAuth');
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live?token=${customToken}`);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
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

async function sendOne(base, sender, to, fileId) {
  await ok(
    await fetch(`${base}/api/sendFax`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify({ toNumber: to, fileId, coverpage: false, pageCount: 1, anonymous: false }),
    }),
    'sendFax',
  );
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchReceive(base, stats) {
  const sender = await accountWithNumber(base, 'sender', '212');
  const receiver = await accountWithNumber(base, 'receiver', '212');
  const form = new FormData();
  form.set('file', new Blob([await onePagePdf()], { type: 'application/pdf' }), 'bench.pdf');
  const { fileId } = await ok(
    await fetch(`${base}/api/files`, { method: 'POST', headers: { origin: base, cookie: sender.headers.cookie }, body: form }),
    'upload',
  );
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

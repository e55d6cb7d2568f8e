// Accounts, documents and sends for the benchmarks, made through the product's own API as a user
// would make them (sign-up, number hold, card checkout on the local processor, upload, send).
import { PDFDocument } from 'pdf-lib';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Bench Receiver' };

export async function onePagePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Benchmark fax', { x: 72, y: 700, size: 24 });
  return pdf.save();
}

export async function ok(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

export const BENCH_PASSWORD = 'benchmark password 1';

export function benchEmail(label) {
  return `bench-${label}-${Date.now()}@example.com`;
}

/**
 * Follows the link mailed at sign-up, read from the local outbox, as the user would: until then an
 * account may send only 3 faxes (decision 008's addendum).
 */
export async function confirmEmail(base, email, headers) {
  const { mail } = await ok(await fetch(`${base}/api/devOutbox?to=${encodeURIComponent(email)}`), 'devOutbox');
  const token = mail.map((m) => /[?&]verifyEmail=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no link to confirm ${email} in the outbox`);
  await ok(await fetch(`${base}/api/verifyEmail`, { method: 'POST', headers, body: JSON.stringify({ token }) }), 'verifyEmail');
}

/**
 * A new account with its e-mail confirmed, set up on the FREE plan (10 send credits); answers the
 * headers its calls need.
 */
export async function signUp(base, label, email = benchEmail(label)) {
  const headers = { origin: base, 'content-type': 'application/json' };
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('fax_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-up of ${label} failed: ${signup.status}`);
  // As the page does after the first sign-in: the FREE plan and its credits.
  await ok(await fetch(`${base}/api/setupNewUser`, { method: 'POST', headers: { ...headers, cookie }, body: '{}' }), 'setupNewUser');
  await confirmEmail(base, email, { ...headers, cookie });
  return { ...headers, cookie };
}

/** A new account with a number of its own on a paid plan; answers its headers and number. */
export async function accountWithNumber(base, label, areaCode, plan = 'BASIC') {
  const signedIn = await signUp(base, label);
  const { numbers } = await ok(await fetch(`${base}/api/numbers?areaCode=${areaCode}`, { headers: signedIn }), 'number search');
  await ok(await fetch(`${base}/api/reserveTempNumber?numberId=${numbers[0].id}`, { headers: signedIn }), 'hold');
  const paid = await ok(
    await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ plan, term: 'MONTH', card: CARD }),
    }),
    'checkout',
  );
  return { headers: signedIn, number: paid.subscription.faxNumber.number };
}

/** Uploads a one-page PDF for the account; answers its fileId. */
export async function uploadOnePage(base, headers) {
  const form = new FormData();
  form.set('file', new Blob([await onePagePdf()], { type: 'application/pdf' }), 'bench.pdf');
  const { fileId } = await ok(
    await fetch(`${base}/api/files`, { method: 'POST', headers: { origin: base, cookie: headers.cookie }, body: form }),
    'upload',
  );
  return fileId;
}

export async function sendOne(base, sender, to, fileId) {
  await ok(
    await fetch(`${base}/api/sendFax`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify({ toNumber: to, fileId, coverpage: false, pageCount: 1, anonymous: false }),
    }),
    'sendFax',
  );
}

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FunnelRow } from '../../src/common/funnel';
import type { FaxNumberView } from '../../src/common/numbers';
import { getDb } from '../../worker/db/client';
import { findUserById } from '../../worker/db/queries/users';
import { userHolderKey } from '../../worker/numbers/holder';
import { loadPageData } from '../../worker/pages';
import { setupNewUser } from '../support/account';
import { CARDS, checkout, setOption } from '../support/billing';
import { call, errorCode, GOOD_PASSWORD, sessionCookieFrom, uniqueEmail } from '../support/client';
import { storedDocument } from '../support/documents';
import { addressSource, awaitRoomInWindow, expectRateLimited, from } from '../support/rate-limit';
import { sendFax } from '../support/send-fax';

// The funnel (decision 040): each step from a landing page to a first fax, counted per
// day and attribution without a row per visitor. The landing page's steps come by beacon; the
// others are counted where they happen, once per account, under its first touch.

const nextAddress = addressSource('198.51');

function beacon(body: unknown, options: { headers?: Record<string, string> } = {}): Promise<Response> {
  return call('/api/funnel', { method: 'POST', body, ...options });
}

/** A touch no other test uses, so its counts are this test's alone. */
function freshTouch(): { source: string; campaign: string; variation: string } {
  const id = crypto.randomUUID().slice(0, 8);
  return { source: `ads-${id}`, campaign: 'spring', variation: `v-${id}` };
}

/** The /dev/funnel report's row for a touch, as the page is rendered with it. */
async function reportRow(touch: { source: string; campaign: string; variation: string }): Promise<Record<string, number> | null> {
  const data = await loadPageData({
    env,
    url: new URL('http://localhost/dev/funnel?days=7'),
    user: null,
    ownedNumber: Promise.resolve(null),
    holderKey: async () => null,
  });
  if (data?.page !== 'devFunnel') throw new Error('no funnel report');
  const row = data.report.rows.find((r: FunnelRow) => r.source === touch.source && r.variation === touch.variation);
  return row ? Object.fromEntries(row.steps.map((step) => [step.step, step.count])) : null;
}

async function freeNumbers(areaCode: string): Promise<FaxNumberView[]> {
  return ((await (await call(`/api/numbers?areaCode=${areaCode}`)).json()) as { numbers: FaxNumberView[] }).numbers;
}

describe('POST /api/funnel', () => {
  it('counts a landing page’s view and call-to-action click under the touch it names, and answers 204', async () => {
    const touch = freshTouch();
    for (const step of ['landing_view', 'landing_view', 'cta_click']) {
      const response = await beacon({ step, ...touch });
      expect(response.status).toBe(204);
    }
    expect(await reportRow(touch)).toMatchObject({ landing_view: 2, cta_click: 1, sign_up: 0 });
    // A view with no touch counts too, under none.
    expect((await beacon({ step: 'landing_view' })).status).toBe(204);
  });

  it('refuses a step only the server counts, an unknown step, an overlong touch and a body that is not JSON (400)', async () => {
    for (const body of [{ step: 'sign_up' }, { step: 'purchase' }, { step: 'landing_view', source: 'x'.repeat(101) }, {}]) {
      const response = await beacon(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    }
    expect((await beacon('not json')).status).toBe(400);
  });

  it('needs this site (403) and limits each address (429), with no session or cookie', async () => {
    const cross = await beacon({ step: 'landing_view' }, { headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    await awaitRoomInWindow(60 * 60_000);
    const ip = nextAddress();
    const limit = 120 * Number(env.RATE_LIMIT_MULTIPLIER ?? 1);
    for (let i = 0; i < limit; i += 1) expect((await beacon({ step: 'landing_view' }, from(ip))).status).toBe(204);
    await expectRateLimited(await beacon({ step: 'landing_view' }, from(ip)), 60 * 60_000);
  }, 60_000);
});

describe('the steps counted where they happen', () => {
  it('walks landing → hold → sign-up → plan → trial → first fax, each counted once for that variation', async () => {
    await setOption('trial', { length_in_days: 7, disabled: false });
    await setOption('preAuthType', 'verify');
    const touch = freshTouch();
    await beacon({ step: 'landing_view', ...touch });
    await beacon({ step: 'cta_click', ...touch });

    // A visitor holds a number (their browser names the touch), then changes their mind: one hold.
    const [first, second] = await freeNumbers('617');
    const held = await call(`/api/reserveTempNumber?numberId=${first!.id}&${new URLSearchParams(touch)}`);
    expect(held.status).toBe(200);
    const visitor = held.headers.get('set-cookie')!.split(';')[0]!;
    await call(`/api/reserveTempNumber?numberId=${second!.id}&${new URLSearchParams(touch)}`, { cookie: visitor });

    // Sign-up keeps the hold; new-user setup stores the touch as the first touch, and counts.
    const signedUp = await call('/api/signup', {
      method: 'POST',
      cookie: visitor,
      body: { email: uniqueEmail('funnel'), password: GOOD_PASSWORD },
    });
    expect(signedUp.status).toBe(201);
    const cookie = sessionCookieFrom(signedUp)!;
    const { user } = (await signedUp.clone().json()) as { user: { id: string } };
    expect((await setupNewUser(cookie, { attribution: touch })).status).toBe(200);
    expect((await setupNewUser(cookie, { attribution: touch })).status).toBe(200);

    // Opening /transaction with a plan, twice: chosen once.
    const account = await findUserById(getDb(env), user.id);
    for (let i = 0; i < 2; i += 1) {
      await loadPageData({
        env,
        url: new URL('http://localhost/transaction?plan=BASIC&term=MONTH'),
        user: account,
        ownedNumber: Promise.resolve(null),
        holderKey: async () => userHolderKey(user.id),
      });
    }
    expect((await checkout(cookie, CARDS.succeeds)).status).toBe(200);

    const fileId = await storedDocument(user.id, 1);
    for (let i = 0; i < 2; i += 1) {
      expect((await sendFax(cookie, { toNumber: '(212) 555-0123', fileId, pageCount: 1 })).status).toBe(201);
    }

    expect(await reportRow(touch)).toEqual({
      landing_view: 1,
      cta_click: 1,
      number_held: 1,
      sign_up: 1,
      plan_chosen: 1,
      plan_started: 1,
      first_fax_sent: 1,
    });
    // One row per day, attribution and step: seven rows for this visitor's whole walk.
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM funnel_counts WHERE source = ?').bind(touch.source).first('n');
    expect(rows).toBe(7);
  });

  it('counts an account with no attribution under none, and a signed-in hold once per account', async () => {
    const signedUp = await call('/api/signup', { method: 'POST', body: { email: uniqueEmail('plain'), password: GOOD_PASSWORD } });
    const cookie = sessionCookieFrom(signedUp)!;
    const { user } = (await signedUp.json()) as { user: { id: string } };
    expect((await setupNewUser(cookie, {})).status).toBe(200);
    const [a, b] = await freeNumbers('206');
    await call(`/api/reserveTempNumber?numberId=${a!.id}`, { cookie });
    await call('/api/releaseTempNumberReservation', { cookie });
    await call(`/api/reserveTempNumber?numberId=${b!.id}`, { cookie });
    const row = await env.DB.prepare('SELECT funnel_steps FROM users WHERE id = ?').bind(user.id).first<{ funnel_steps: number }>();
    // sign_up (bit 2) and number_held (bit 3), nothing else.
    expect(row?.funnel_steps).toBe(0b1100);
  });

  it('has no report without dev tools', async () => {
    const data = await loadPageData({
      env: { ...env, DEV_TOOLS: 'off', GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs' } as Env,
      url: new URL('http://localhost/dev/funnel'),
      user: null,
      ownedNumber: Promise.resolve(null),
      holderKey: async () => null,
    });
    expect(data).toBeNull();
  });
});

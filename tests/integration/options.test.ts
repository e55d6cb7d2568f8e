import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OptionsView, PlanView } from '../../src/common/plans';
import { call, signUp } from '../support/client';

// Public pricing from the options table (spec §3 Options); migration 0006 seeds the defaults.

const SEEDED = new Map<string, string>();

async function options(cookie: string | null = null): Promise<OptionsView> {
  const response = await call('/api/options', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as OptionsView;
}

function plan(view: OptionsView, level: PlanView['level'], term: PlanView['term']): PlanView {
  const found = view.plans.find((p) => p.level === level && p.term === term);
  if (!found) throw new Error(`no ${level} ${term} plan`);
  return found;
}

/** Changes a stored option for one test; afterEach puts the seeded value back. */
async function setOption(key: string, value: string): Promise<void> {
  if (!SEEDED.has(key)) {
    const row = await env.DB.prepare('SELECT value FROM options WHERE key = ?').bind(key).first<{ value: string }>();
    SEEDED.set(key, row!.value);
  }
  await env.DB.prepare('UPDATE options SET value = ? WHERE key = ?').bind(value, key).run();
}

afterEach(async () => {
  for (const [key, value] of SEEDED) {
    await env.DB.prepare('INSERT OR REPLACE INTO options (key, value) VALUES (?, ?)').bind(key, value).run();
  }
  SEEDED.clear();
});

describe('GET /api/options', () => {
  it('answers the seeded plans without a session', async () => {
    const view = await options();
    expect(view.plans).toHaveLength(6);
    expect(plan(view, 'BASIC', 'MONTH')).toEqual({
      level: 'BASIC',
      term: 'MONTH',
      priceCents: 999,
      currency: 'USD',
      monthlyEquivalentCents: 999,
      savingPercent: 0,
      allowances: { send: 150, receive: 150 },
      trialDays: 7,
    });
    expect(plan(view, 'PRO', 'YEAR')).toMatchObject({ priceCents: 39990, monthlyEquivalentCents: 3333, savingPercent: 16 });
    expect(plan(view, 'PREMIUM', 'MONTH').allowances).toEqual({ send: 400, receive: 400 });
    expect(view.trial).toEqual({ lengthInDays: 7, disabled: false });
    expect(view.preAuthType).toBe('authorize');
    // The free pages a new account gets (migration 0002), which the landing pages offer.
    expect(view.free).toEqual({ send: 10, receive: 10 });
  });

  it('answers the free pages as credits.free holds them, the same a new account is given', async () => {
    await setOption('credits.free', '{"send":25,"receive":5}');
    expect((await options()).free).toEqual({ send: 25, receive: 5 });
    const { cookie } = await signUp();
    const setUp = await call('/api/setupNewUser', { method: 'POST', cookie, body: {} });
    const { account } = (await setUp.json()) as { account: { faxCredits: { defaultCreditsSend: number } } };
    expect(account.faxCredits.defaultCreditsSend).toBe(25);
  });

  it('reflects a price, trial length or pre-authorisation changed in D1', async () => {
    await setOption('price.premium', '{"month":2500,"year":20000}');
    await setOption('trial', '{"length_in_days":14,"disabled":false}');
    await setOption('preAuthType', '"none"');
    const view = await options();
    expect(plan(view, 'PREMIUM', 'MONTH').priceCents).toBe(2500);
    expect(plan(view, 'PREMIUM', 'YEAR')).toMatchObject({ priceCents: 20000, monthlyEquivalentCents: 1667, savingPercent: 33 });
    expect(view.plans.every((p) => p.trialDays === 14)).toBe(true);
    expect(view.preAuthType).toBe('none');
  });

  it('switches the trial off per level and term', async () => {
    await setOption('trial', '{"length_in_days":7,"disabled":{"BASIC":{"MONTH":true,"YEAR":true},"PRO":{"YEAR":true}}}');
    const view = await options();
    expect(view.plans.map((p) => [p.level, p.term, p.trialDays])).toEqual([
      ['BASIC', 'MONTH', null],
      ['BASIC', 'YEAR', null],
      ['PREMIUM', 'MONTH', 7],
      ['PREMIUM', 'YEAR', 7],
      ['PRO', 'MONTH', 7],
      ['PRO', 'YEAR', null],
    ]);
  });

  it('switches every trial off with disabled: true', async () => {
    await setOption('trial', '{"length_in_days":7,"disabled":true}');
    expect((await options()).plans.every((p) => p.trialDays === null)).toBe(true);
  });

  it.each([
    ['price.basic', '{"month":"9.99","year":9990}'],
    ['price.basic', 'not json'],
    ['price.basic', '{"month":-1,"year":9990}'],
    ['trial', '{"length_in_days":7,"disabled":"sometimes"}'],
    ['preAuthType', '"steal"'],
    ['plan.allowances', '{"BASIC":{"send":150}}'],
    ['credits.free', '{"send":"ten","receive":10}'],
  ])('falls back to the built-in default for a corrupt %s (%s) and only warns', async (key, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seeded = await options();
    await setOption(key, value);
    expect(await options()).toEqual(seeded);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Option ${key}`));
  });

  it('falls back when an option is missing, keeping the others as stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setOption('price.pro', '{"month":5000,"year":50000}');
    await setOption('price.basic', '{"month":999,"year":9990}');
    await env.DB.prepare("DELETE FROM options WHERE key = 'price.basic'").run();
    const view = await options();
    expect(plan(view, 'BASIC', 'MONTH').priceCents).toBe(999);
    expect(plan(view, 'PRO', 'MONTH').priceCents).toBe(5000);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Option price.basic is not set'));
  });

  it('answers a signed-in user the same, and ignores a query string', async () => {
    const { cookie } = await signUp();
    expect(await options(cookie)).toEqual(await options());
    const response = await call('/api/options?level=GOLD');
    expect(response.status).toBe(200);
    expect(((await response.json()) as OptionsView).plans).toHaveLength(6);
  });
});

describe('GET /api/options for someone who has had their trial', () => {
  it('offers them no trial, while a visitor and a new user still see it', async () => {
    const { checkout, CARDS } = await import('../support/billing');
    const visitor = await options();
    expect(visitor.trialUsed).toBe(false);
    expect(plan(visitor, 'BASIC', 'MONTH').trialDays).toBe(7);
    const fresh = await signUp();
    expect(plan(await options(fresh.cookie), 'BASIC', 'MONTH').trialDays).toBe(7);

    const { cookie, userId } = await signUp();
    expect((await checkout(cookie, CARDS.succeeds)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET subscription_type = 'FREE' WHERE id = ?").bind(userId).run();
    const used = await options(cookie);
    expect(used.trialUsed).toBe(true);
    expect(used.plans.every((p) => p.trialDays === null)).toBe(true);
    expect(plan(used, 'BASIC', 'MONTH').priceCents).toBe(plan(visitor, 'BASIC', 'MONTH').priceCents);
  });
});

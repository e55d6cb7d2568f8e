import { describe, expect, it } from 'vitest';
import {
  buildPlanCatalogue,
  isTrialDisabled,
  monthlyEquivalentCents,
  toOptionsView,
  trialDaysFor,
  yearlySaving,
  yearlySavingPercent,
} from '../../src/common/plan-catalogue';
import {
  DEFAULT_PLAN_OPTIONS,
  formatCents,
  type PlanLevel,
  type PlanTerm,
  planChoicePath,
  type TrialOption,
  trialOptionSchema,
} from '../../src/common/plans';

describe('yearlySavingPercent', () => {
  it.each([
    [{ month: 999, year: 9990 }, 16], // 11988 → 9990 is 16.67 %, rounded down
    [{ month: 1000, year: 10000 }, 16],
    [{ month: 1000, year: 6000 }, 50],
    [{ month: 1000, year: 12000 }, 0],
    [{ month: 1000, year: 13000 }, 0], // a dearer year never shows a negative saving
    [{ month: 0, year: 0 }, 0],
  ])('%j saves %i %%', (price, percent) => {
    expect(yearlySavingPercent(price)).toBe(percent);
  });
});

describe('monthlyEquivalentCents', () => {
  it.each([
    [{ month: 999, year: 9990 }, 'MONTH', 999],
    [{ month: 999, year: 9990 }, 'YEAR', 833], // 832.5 rounds to the nearest cent
    [{ month: 3999, year: 39990 }, 'YEAR', 3333],
    [{ month: 0, year: 0 }, 'YEAR', 0],
  ] as const)('%j over a %s is %i', (price, term, cents) => {
    expect(monthlyEquivalentCents(price, term)).toBe(cents);
  });
});

describe('trial switches', () => {
  const perPlan: TrialOption['disabled'] = { PREMIUM: { YEAR: true }, PRO: { MONTH: true, YEAR: false } };
  it.each<[TrialOption['disabled'], PlanLevel, PlanTerm, boolean]>([
    [false, 'BASIC', 'MONTH', false],
    [true, 'PRO', 'YEAR', true],
    [perPlan, 'PREMIUM', 'YEAR', true],
    [perPlan, 'PREMIUM', 'MONTH', false], // a term left out keeps its trial
    [perPlan, 'BASIC', 'YEAR', false], // a level left out keeps its trial
    [perPlan, 'PRO', 'MONTH', true],
    [perPlan, 'PRO', 'YEAR', false],
  ])('disabled=%j: %s %s is off → %s', (disabled, level, term, off) => {
    expect(isTrialDisabled(disabled, level, term)).toBe(off);
    expect(trialDaysFor({ length_in_days: 14, disabled }, level, term)).toBe(off ? null : 14);
  });

  it.each([
    [{ length_in_days: 7, disabled: false }, true],
    [{ length_in_days: 7, disabled: { BASIC: { MONTH: true } } }, true],
    [{ length_in_days: 0, disabled: false }, false],
    [{ length_in_days: 7.5, disabled: false }, false],
    [{ length_in_days: 7, disabled: 'no' }, false],
    [{ length_in_days: 7, disabled: { GOLD: { MONTH: true } } }, false],
    [{ length_in_days: 7, disabled: { BASIC: { WEEK: true } } }, false],
  ])('trial option %j is valid → %s', (value, valid) => {
    expect(trialOptionSchema.safeParse(value).success).toBe(valid);
  });
});

describe('buildPlanCatalogue', () => {
  it('lists every level × term with prices, allowances and the trial from the defaults', () => {
    const plans = buildPlanCatalogue(DEFAULT_PLAN_OPTIONS);
    expect(plans.map((p) => `${p.level}/${p.term}`)).toEqual([
      'BASIC/MONTH',
      'BASIC/YEAR',
      'PREMIUM/MONTH',
      'PREMIUM/YEAR',
      'PRO/MONTH',
      'PRO/YEAR',
    ]);
    expect(plans[3]).toEqual({
      level: 'PREMIUM',
      term: 'YEAR',
      priceCents: 19990,
      currency: 'USD',
      monthlyEquivalentCents: 1666,
      savingPercent: 16,
      allowances: { send: 400, receive: 400 },
      trialDays: 7,
    });
    expect(plans.filter((p) => p.term === 'MONTH').every((p) => p.savingPercent === 0)).toBe(true);
  });

  it('gives no trial where it is switched off, and keeps the trial settings in the view', () => {
    const disabled = { BASIC: { MONTH: true, YEAR: true } };
    const view = toOptionsView({ ...DEFAULT_PLAN_OPTIONS, trial: { length_in_days: 30, disabled } });
    expect(view.plans.map((p) => p.trialDays)).toEqual([null, null, 30, 30, 30, 30]);
    expect(view.trial).toEqual({ lengthInDays: 30, disabled });
    expect(view.preAuthType).toBe('authorize');
  });
});

describe('yearlySaving', () => {
  it.each([
    // A year at ten months' price (the seeded prices): exactly two months free.
    [
      { month: 999, year: 9990 },
      { cents: 1998, monthsFree: 2 },
    ],
    [
      { month: 3999, year: 39990 },
      { cents: 7998, monthsFree: 2 },
    ],
    [
      { month: 1000, year: 11000 },
      { cents: 1000, monthsFree: 1 },
    ],
    // Not a whole number of months: the money, never a rounded claim.
    [
      { month: 2500, year: 24000 },
      { cents: 6000, monthsFree: null },
    ],
    [
      { month: 2500, year: 20000 },
      { cents: 10000, monthsFree: 4 },
    ],
    [
      { month: 999, year: 10000 },
      { cents: 1988, monthsFree: null },
    ],
    // Nothing saved, or a year dearer than twelve months.
    [{ month: 999, year: 11988 }, null],
    [{ month: 999, year: 12000 }, null],
    [{ month: 0, year: 0 }, null],
  ])('%j saves %j', (price, saving) => {
    expect(yearlySaving(price)).toEqual(saving);
  });
});

describe('formatting and links', () => {
  it.each([
    [999, '$9.99'],
    [9990, '$99.90'],
    [0, '$0.00'],
    [123456, '$1,234.56'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('leads a plan choice to the payment page', () => {
    expect(planChoicePath('PREMIUM', 'YEAR')).toBe('/transaction?plan=PREMIUM&term=YEAR');
  });
});

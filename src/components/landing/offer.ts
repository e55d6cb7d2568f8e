import { toOptionsView, yearlySaving } from '../../common/plan-catalogue';
import { DEFAULT_PLAN_OPTIONS, formatCents, type OptionsView, PLAN_LEVELS, type PlanLevel, type PlanView } from '../../common/plans';
import { t } from '../../i18n/t';

// What the visitor is offered, in figures and words, from the product's own options: the landing
// pages build it from the values migrations 0002 and 0006 seed (they are prerendered), /login and
// /terms from the options as stored. A page never states another price, trial or free allowance.

/**
 * The plan marked "Most chosen". The product's guess until the funnel figures (decision 040)
 * say which plan people pick; change it when they say otherwise.
 */
export const MOST_CHOSEN_LEVEL: PlanLevel = 'PREMIUM';

export interface PlanCard {
  level: PlanLevel;
  month: PlanView;
  year: PlanView;
  mostChosen: boolean;
  /** "or $99.90 a year", then what it saves: "2 months free" when exactly that, else the money. */
  yearly: { price: string; saving: string | null };
}

export interface Offer {
  /** The free trial's length, or null when no plan has one. */
  trialDays: number | null;
  /** "$9.99": the lowest monthly price. */
  fromPrice: string;
  /** Pages a new account may send, free, without a card. */
  freePages: number;
  cards: PlanCard[];
}

function yearlyWords(month: PlanView, year: PlanView): PlanCard['yearly'] {
  const saving = yearlySaving({ month: month.priceCents, year: year.priceCents });
  const price = formatCents(year.priceCents);
  if (!saving) return { price, saving: null };
  return {
    price,
    saving:
      saving.monthsFree === null
        ? t('landing.plans.saves', { amount: formatCents(saving.cents) })
        : saving.monthsFree === 1
          ? t('landing.plans.monthFree')
          : t('landing.plans.monthsFree', { months: saving.monthsFree }),
  };
}

export function offerOf(options: OptionsView): Offer {
  const plan = (level: PlanLevel, term: PlanView['term']): PlanView => options.plans.find((p) => p.level === level && p.term === term)!;
  const cards = PLAN_LEVELS.map((level) => {
    const month = plan(level, 'MONTH');
    const year = plan(level, 'YEAR');
    return { level, month, year, mostChosen: level === MOST_CHOSEN_LEVEL, yearly: yearlyWords(month, year) };
  });
  return {
    trialDays: options.plans.find((p) => p.trialDays !== null)?.trialDays ?? null,
    fromPrice: formatCents(Math.min(...cards.map((card) => card.month.priceCents))),
    freePages: options.free.send,
    cards,
  };
}

/** The offer the landing pages are built with: the seeded options (README, "Configuration"). */
export const BUILT_OFFER: Offer = offerOf(toOptionsView(DEFAULT_PLAN_OPTIONS));

/** The hero's three promises under its button: the trial, the lowest price, the way out. */
export function receivePerks(offer: Offer): string[] {
  return [
    offer.trialDays === null ? null : t('landing.offer.trial', { days: offer.trialDays }),
    t('landing.offer.from', { price: offer.fromPrice }),
    t('landing.offer.cancel'),
  ].filter((perk): perk is string => perk !== null);
}

/** The send page's promises: the free pages, no card, then the price of a number. */
export function sendPerks(offer: Offer): string[] {
  return [
    t('landing.offer.free', { pages: offer.freePages }),
    t('landing.offer.noCard'),
    t('landing.offer.numberFrom', { price: offer.fromPrice }),
  ];
}

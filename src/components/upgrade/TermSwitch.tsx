import upgradeMessages from 'virtual:messages/upgrade';
import { PLAN_TERMS, type PlanTerm } from '../../common/plan-rules';
import { translator } from '../../i18n/translator';
import { chooseTerm } from '../../stores/plans';

const t = translator({ upgrade: upgradeMessages });

/** Monthly / Yearly as a native radio group: arrow keys move between terms, Tab leaves the group. */
export default function TermSwitch({ term, savingPercent }: { term: PlanTerm; savingPercent: number }) {
  return (
    <fieldset className="term-switch">
      <legend className="visually-hidden">{t('upgrade.termLegend')}</legend>
      {PLAN_TERMS.map((option) => (
        <label key={option} className={option === term ? 'selected' : undefined}>
          <input type="radio" name="plan-term" value={option} checked={option === term} onChange={() => chooseTerm(option)} />
          <span>{t(option === 'MONTH' ? 'upgrade.termMONTH' : 'upgrade.termYEAR')}</span>
          {option === 'YEAR' && savingPercent > 0 && (
            <span className="tag term-saving">{t('upgrade.saving', { percent: savingPercent })}</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}

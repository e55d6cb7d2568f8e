import levelBASIC from 'virtual:message/upgrade.levelBASIC';
import levelPREMIUM from 'virtual:message/upgrade.levelPREMIUM';
import levelPRO from 'virtual:message/upgrade.levelPRO';
import type { PlanLevel } from '../../common/plan-rules';

// A plan's name as the plans page words it, for the islands that name a plan and nothing else of
// the plans page: three messages, not the whole `upgrade` namespace (docs/decisions/032).
const NAMES: Record<PlanLevel, string> = { BASIC: levelBASIC, PREMIUM: levelPREMIUM, PRO: levelPRO };

export function planName(level: PlanLevel): string {
  return NAMES[level];
}

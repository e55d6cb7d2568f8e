import type { OptionsView } from '../../common/plans';
import Plans, { type Held } from './Plans';

// The /upgrade page (spec §2) for a visitor: three plans at a monthly or yearly term, rendered with
// the page. A signed-in person gets ./MemberPlans.tsx instead, so a visitor's page carries no
// account, plan or live connection code (docs/decisions/032).

export default function UpgradePlans({ options, held }: { options: OptionsView | null; held: Held }) {
  return <Plans options={options} subscription={null} status={null} held={held} />;
}

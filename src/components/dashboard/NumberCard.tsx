import dashboardMessages from 'virtual:messages/dashboard';
import { translator } from '../../i18n/translator';
import type { OwnNumber } from '../../stores/subscription';
import Icon from '../icons/Icon';
import CopyButton from '../nav/CopyButton';
import ShareNumber from './ShareNumber';

const t = translator({ dashboard: dashboardMessages });

interface Props {
  /** The user's number as the dashboard shows it (rendered, then pushed changes), or null. */
  number: OwnNumber | null;
  /** The plan is on (TRIAL or PAID): it includes a number, so choosing one is all there is to do. */
  paying: boolean;
}

/** What the customer pays for, first: their number, big, to copy or share; else the way to get one. */
export default function NumberCard({ number, paying }: Props) {
  if (!number) {
    return (
      <section className="card dash-number dash-get-number" aria-labelledby="your-number-heading" aria-live="polite">
        <Icon name="phone" className="dash-number-icon" />
        <div>
          <h2 id="your-number-heading">{t('dashboard.getNumberHeading')}</h2>
          <p>{t(paying ? 'dashboard.yourNumberIncluded' : 'dashboard.getNumberText')}</p>
          <a className="button secondary" href="/reserveNumber">
            {t('dashboard.yourNumberGet')}
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="card dash-number" aria-labelledby="your-number-heading" aria-live="polite">
      <h2 id="your-number-heading" className="dash-label">
        {t('dashboard.yourNumberHeading')}
      </h2>
      <p className="own-number number-display">{number.display}</p>
      <div className="button-row">
        <CopyButton text={number.display} look="text" label={t('dashboard.copy')} />
        <ShareNumber display={number.display} />
      </div>
      <p className="dash-hint">{t('dashboard.yourNumberHint')}</p>
    </section>
  );
}

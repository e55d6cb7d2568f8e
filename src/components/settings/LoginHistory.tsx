import settingsMessages from 'virtual:messages/settings';
import type { LoginHistoryEntry } from '../../common/account-view';
import { translator } from '../../i18n/translator';
import { $loginHistory, seedLoginHistory } from '../../stores/account';
import { useSeededStore } from '../page-data/use-seeded-store';
import LocalTime from '../time/LocalTime';
import SettingsSection from './SettingsSection';

const t = translator({ settings: settingsMessages });

/** The latest sign-ins, rendered with the page (`rendered`) and read again after a new one. */
export default function LoginHistory({ rendered }: { rendered: LoginHistoryEntry[] }) {
  const history = useSeededStore($loginHistory, rendered, () => seedLoginHistory(rendered));
  return (
    <SettingsSection id="history" title={t('settings.historyHeading')} description={t('settings.historyAbout')}>
      {history === null ? (
        <p className="muted">{t('settings.loading')}</p>
      ) : history.length === 0 ? (
        <p className="muted">{t('settings.historyEmpty')}</p>
      ) : (
        <table className="data-table sign-in-history">
          <thead>
            <tr>
              <th scope="col">{t('settings.historyWhen')}</th>
              <th scope="col">{t('settings.historyMethod')}</th>
              <th scope="col">{t('settings.historyDevice')}</th>
              <th scope="col">{t('settings.historyWhere')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={`${entry.at}-${entry.ip}`}>
                <td>
                  <LocalTime at={entry.at} />
                </td>
                <td>{t(`settings.method.${entry.method}`)}</td>
                <td>{entry.device ?? t('settings.unknown')}</td>
                <td>{[entry.ip, entry.country].filter(Boolean).join(' · ') || t('settings.unknown')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  );
}

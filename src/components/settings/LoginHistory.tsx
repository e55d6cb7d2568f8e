import { useStore } from '@nanostores/react';
import settingsMessages from 'virtual:messages/settings';
import { translator } from '../../i18n/translator';
import { $loginHistory } from '../../stores/account';
import LocalTime from '../time/LocalTime';
import SettingsSection from './SettingsSection';

const t = translator({ settings: settingsMessages });

export default function LoginHistory() {
  const history = useStore($loginHistory);
  return (
    <SettingsSection id="history" title={t('settings.historyHeading')}>
      {history === null ? (
        <p className="muted">{t('settings.loading')}</p>
      ) : history.length === 0 ? (
        <p className="muted">{t('settings.historyEmpty')}</p>
      ) : (
        <table className="data-table">
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

import type { LoginHistoryEntry } from '../../common/account-view';
import { LOCALE, t } from '../../i18n/t';
import { $loginHistory, seedLoginHistory } from '../../stores/account';
import { useSeededStore } from '../page-data/use-seeded-store';
import SettingsSection from './SettingsSection';

const when = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** The latest sign-ins, rendered with the page (`rendered`) and read again after a new one. */
export default function LoginHistory({ rendered }: { rendered: LoginHistoryEntry[] }) {
  const history = useSeededStore($loginHistory, rendered, () => seedLoginHistory(rendered));
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
                  <time dateTime={new Date(entry.at).toISOString()}>{when.format(entry.at)}</time>
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

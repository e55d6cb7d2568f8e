import errorsMessages from 'virtual:messages/errors';
import faxMailMessages from 'virtual:messages/faxMail';
import settingsMessages from 'virtual:messages/settings';
import { type FormEvent, useState } from 'react';
import type { FaxMailAddressView, FaxMailSettings } from '../../common/fax-mail';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import {
  $faxMail,
  addFaxMailAddress,
  type FaxMailOutcome,
  removeFaxMailAddress,
  resendFaxMailLink,
  seedFaxMail,
} from '../../stores/fax-mail';
import Field from '../forms/Field';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';
import { useTimeZone } from '../time/time-zone';
import FormStatus, { type Status } from './FormStatus';
import SaveStatus from './SaveStatus';
import SettingsSection from './SettingsSection';

const t = translator({ errors: errorsMessages, faxMail: faxMailMessages, settings: settingsMessages });

function AddressRow({ address, onStatus }: { address: FaxMailAddressView; onStatus: (status: Status) => void }) {
  const [busy, setBusy] = useState(false);
  const timeZone = useTimeZone();

  async function act(run: () => Promise<FaxMailOutcome>, done: string): Promise<void> {
    setBusy(true);
    onStatus({ kind: 'busy' });
    const result = await run();
    setBusy(false);
    onStatus(result.ok ? { kind: 'done', message: done } : { kind: 'error', message: t(`errors.${result.code}`) });
  }

  return (
    <li className="fax-mail-address">
      <div className="fax-mail-address-text">
        <span className="fax-mail-email">{address.email}</span>
        {address.confirmed ? (
          <span className="pill ok">
            <Icon name="circle-check" />
            {t('faxMail.settings.confirmed')}
          </span>
        ) : (
          <span className="hint">{t('faxMail.settings.waiting', { when: formatDateTime(address.linkSentAt, timeZone) })}</span>
        )}
      </div>
      <div className="button-row">
        {!address.confirmed && (
          <button
            type="button"
            className="button secondary small"
            disabled={busy}
            aria-label={t('faxMail.settings.resendFor', { email: address.email })}
            onClick={() => void act(() => resendFaxMailLink(address.id), t('faxMail.settings.resent', { email: address.email }))}
          >
            {t('faxMail.settings.resend')}
          </button>
        )}
        <button
          type="button"
          className="button ghost small"
          disabled={busy}
          aria-label={t('faxMail.settings.removeFor', { email: address.email })}
          onClick={() => void act(() => removeFaxMailAddress(address.id), t('faxMail.settings.removed', { email: address.email }))}
        >
          {t('faxMail.settings.remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * Addresses that get every received fax with its PDF (up to 5, each confirmed by a mailed link),
 * and how to send a fax by writing an e-mail (decision 028).
 */
export default function FaxMailSection({ rendered }: { rendered: FaxMailSettings }) {
  const settings = useSeededStore($faxMail, rendered, () => seedFaxMail(rendered));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // A failure to add is about the address typed, so it goes under that field; others (a resend,
  // a removal) are about a row of the list, and go under the card.
  const [failedAdd, setFailedAdd] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('faxMailAddress') ?? '').trim();
    setStatus({ kind: 'busy' });
    const result = await addFaxMailAddress(email);
    setFailedAdd(!result.ok);
    if (result.ok) form.reset();
    setStatus(
      result.ok
        ? { kind: 'done', message: t('faxMail.settings.added', { email }) }
        : { kind: 'error', message: t(`errors.${result.code}`) },
    );
  }

  return (
    <>
      <SettingsSection id="fax-mail" title={t('faxMail.settings.heading')} description={t('faxMail.settings.intro')}>
        {settings === null ? (
          <p className="muted">{t('settings.loading')}</p>
        ) : (
          <>
            {settings.addresses.length === 0 ? (
              <p className="fax-mail-none">{t('faxMail.settings.none')}</p>
            ) : (
              <ul className="fax-mail-addresses" aria-label={t('faxMail.settings.listLabel')}>
                {settings.addresses.map((address) => (
                  <AddressRow
                    key={address.id}
                    address={address}
                    onStatus={(next) => {
                      setFailedAdd(false);
                      setStatus(next);
                    }}
                  />
                ))}
              </ul>
            )}
            {settings.addresses.length < settings.max ? (
              <form onSubmit={(event) => void add(event)}>
                <Field
                  label={t('faxMail.settings.newAddress')}
                  name="faxMailAddress"
                  type="email"
                  autoComplete="email"
                  required
                  hint={t('faxMail.settings.newAddressHint', { max: settings.max })}
                  error={status.kind === 'error' && failedAdd ? status.message : null}
                />
                <div className="settings-card-foot">
                  <SaveStatus status={status} />
                  <button type="submit" className="button secondary" disabled={status.kind === 'busy'}>
                    {t('faxMail.settings.add')}
                  </button>
                </div>
              </form>
            ) : (
              <>
                <p className="muted">{t('faxMail.settings.full', { max: settings.max })}</p>
                <SaveStatus status={status} />
              </>
            )}
            {status.kind === 'error' && !failedAdd && <FormStatus status={status} />}
          </>
        )}
      </SettingsSection>
      {settings?.faxDomain && (
        <SettingsSection id="send-by-mail" title={t('faxMail.settings.sendHeading')}>
          <p>
            {t('faxMail.settings.sendHow', { example: `12125550123@${settings.faxDomain}` })}{' '}
            {settings.canSendByMail ? '' : t('faxMail.settings.sendNeedsPlan')}
          </p>
        </SettingsSection>
      )}
    </>
  );
}

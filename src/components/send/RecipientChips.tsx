import sendTo from 'virtual:messages/send.to';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import type { ReadRecipient } from './recipient-list';

const t = translator({ send: { to: sendTo } });

/** How a chip names its recipient: the contact's name, the number as dialled, or as typed. */
export function recipientName(recipient: ReadRecipient): string {
  return recipient.entry.contact?.name ?? (recipient.state === 'ok' ? recipient.display : recipient.entry.number);
}

/** "212 555 012: too short for a fax number". */
export function invalidText(recipient: Extract<ReadRecipient, { state: 'invalid' }>, name = recipient.entry.number): string {
  return t('send.to.invalidChip', { entry: name, reason: t(`send.to.reasons.${recipient.reason}`) });
}

interface Props {
  recipients: readonly ReadRecipient[];
  onRemove: (index: number) => void;
  onEdit: (index: number) => void;
}

/**
 * The To field's chips: a contact by name with its number, a number as it will be dialled, one
 * being checked as typed, one that is no number we can dial in red with why (click it to correct it).
 */
export default function RecipientChips({ recipients, onRemove, onEdit }: Props) {
  if (recipients.length === 0) return null;
  return (
    <ul className="recipient-chips" aria-label={t('send.to.chipsLabel')}>
      {recipients.map((recipient, index) => {
        const name = recipientName(recipient);
        return (
          // Entries are unique by what is dialled, but one may be typed twice before it can be read.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is the order given; the index is its identity
          <li key={`${index}-${recipient.entry.number}`} className={`chip recipient-chip ${recipient.state}`}>
            {recipient.state === 'invalid' ? (
              <button
                type="button"
                className="chip-text"
                onClick={() => onEdit(index)}
                aria-label={t('send.to.edit', { entry: invalidText(recipient, name) })}
              >
                <Icon name="circle-alert" className="icon-small" />
                {name}
              </button>
            ) : (
              <span className="chip-text">
                {name}
                {recipient.entry.contact && <span className="chip-number">{recipient.entry.contact.faxDisplay}</span>}
                {recipient.state === 'checking' && <span className="chip-number">{t('send.to.checking')}</span>}
              </span>
            )}
            <button type="button" className="chip-remove" aria-label={t('send.to.remove', { name })} onClick={() => onRemove(index)}>
              <Icon name="x" className="icon-small" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

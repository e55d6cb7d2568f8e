import faxActionsMessages from 'virtual:messages/faxActions';
import { type ReactNode, useId, useRef } from 'react';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';
import { faxDocumentFileName, faxDocumentUrl } from './document-link';
import FaxActionsMenu, { MenuItem } from './FaxActionsMenu';
import { hasDocument, isEnded, primaryFaxAction } from './fax-actions-rules';
import { useFaxActions } from './use-fax-actions';

const t = translator({ faxActions: faxActionsMessages });

interface Props {
  fax: FaxView;
  onChanged: (fax: FaxView) => void;
  /** The page's own items, after the common ones (read and unread on a received fax). */
  children?: ReactNode;
}

/**
 * What can be done with one fax, as a document app offers it: the one action that
 * matters most now as a button (fax-actions-rules.ts), every other in the "⋯" menu: download it
 * and its delivery confirmation, send it again, send a new fax to the other party, add them to the
 * phonebook (unless they are in it: then their name is on the page), move it to the trash and
 * back, delete it forever (asked first). What happened is said in the page's toast, with an Undo.
 */
export default function FaxActions({ fax, onChanged, children }: Props) {
  const { busy, moveTrash, deleteForever, resend } = useFaxActions(fax, onChanged);
  const confirmRef = useRef<HTMLDialogElement>(null);
  const ids = { question: useId() };
  const primary = primaryFaxAction(fax);
  const ended = isEnded(fax);
  const documentUrl = faxDocumentUrl(fax);
  const faxNumberHref = fax.remoteNumber ? `/send?to=${encodeURIComponent(fax.remoteNumber)}` : null;

  return (
    <>
      {primary === 'restore' && (
        <button type="button" className="button primary" disabled={busy} onClick={() => void moveTrash(false)}>
          <Icon name="archive-restore" />
          <span className="fax-action-label">{t('faxActions.restore')}</span>
        </button>
      )}
      {primary === 'resend' && (
        <button type="button" className="button primary" disabled={busy} title={t('faxActions.resendHelp')} onClick={() => void resend()}>
          <Icon name="repeat" />
          <span className="fax-action-label">{t('faxActions.resend')}</span>
        </button>
      )}
      {primary === 'download' && (
        <a className="button primary" href={documentUrl} download={faxDocumentFileName(fax)}>
          <Icon name="download" />
          <span className="fax-action-label">{t('faxActions.download')}</span>
        </a>
      )}
      {primary === 'faxThisNumber' && faxNumberHref && (
        <a className="button primary" href={faxNumberHref}>
          <Icon name="send" />
          <span className="fax-action-label">{t('faxActions.faxThisNumber')}</span>
        </a>
      )}
      <FaxActionsMenu label={t('faxActions.more')}>
        {primary !== 'download' && hasDocument(fax) && (
          <MenuItem icon="download" href={documentUrl} download={faxDocumentFileName(fax)}>
            {t('faxActions.download')}
          </MenuItem>
        )}
        {fax.direction === 'SEND' && fax.status === 'DELIVERED' && (
          <MenuItem icon="file-check" href={`/api/faxes/${encodeURIComponent(fax.id)}/confirmation`} download="">
            {t('faxActions.downloadConfirmation')}
          </MenuItem>
        )}
        {primary !== 'resend' && fax.direction === 'SEND' && ended && (
          <MenuItem icon="repeat" disabled={busy} hint={t('faxActions.resendHelp')} onSelect={() => void resend()}>
            {t('faxActions.resend')}
          </MenuItem>
        )}
        {primary !== 'faxThisNumber' && faxNumberHref && (
          <MenuItem icon="send" href={faxNumberHref}>
            {t('faxActions.faxThisNumber')}
          </MenuItem>
        )}
        {fax.remoteNumber && !fax.contactName && (
          <MenuItem icon="user-plus" href={`/phonebook?add=${encodeURIComponent(fax.remoteDisplay ?? fax.remoteNumber)}`}>
            {t('faxActions.addToPhonebook')}
          </MenuItem>
        )}
        {children}
        <hr className="menu-separator" />
        {fax.trashedAt === null ? (
          <MenuItem
            icon="trash-2"
            disabled={busy || !ended}
            hint={ended ? undefined : t('faxActions.notWhileOnItsWay')}
            onSelect={() => void moveTrash(true)}
          >
            {t('faxActions.moveToTrash')}
          </MenuItem>
        ) : (
          <MenuItem icon="trash-2" danger disabled={busy} onSelect={() => confirmRef.current?.showModal()}>
            {t('faxActions.deleteForever')}
          </MenuItem>
        )}
      </FaxActionsMenu>
      <dialog ref={confirmRef} className="dialog" role="alertdialog" aria-labelledby={ids.question}>
        <h2 id={ids.question}>{t('faxActions.confirmDeleteTitle')}</h2>
        <p>{t('faxActions.confirmDeleteText')}</p>
        <form method="dialog" className="dialog-actions">
          {/* The safe answer first, and the one Escape gives. */}
          <button type="submit" className="button secondary" disabled={busy}>
            {t('faxActions.cancel')}
          </button>
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() => void deleteForever().then((done) => done || confirmRef.current?.close())}
          >
            {busy ? t('faxActions.working') : t('faxActions.confirm')}
          </button>
        </form>
      </dialog>
    </>
  );
}

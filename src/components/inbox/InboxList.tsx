import faxSelectionMessages from 'virtual:messages/faxSelection';
import inboxListMessages from 'virtual:messages/inboxList';
import type { FaxListPage, FaxView } from '../../common/faxes';
import { formatOwnNumber } from '../../common/phone-text';
import { canTrash } from '../../common/trash-rules';
import { translator } from '../../i18n/translator';
import { renderedListState } from '../../stores/fax-list';
import { NO_FILTERS } from '../../stores/fax-list-filters';
import { markRead, setRead, trashFaxes } from '../../stores/fax-moves';
import {
  $inboxFaxes,
  $inboxFilters,
  applyInboxUpdate,
  loadInboxFaxes,
  loadMoreInboxFaxes,
  setInboxFilters,
  startInboxFaxes,
} from '../../stores/inbox';
import BulkButton from '../faxes/BulkButton';
import type { FaxRowWords } from '../faxes/FaxRow';
import HistoryList, { type Act } from '../faxes/HistoryList';
import EmptyState from '../list/EmptyState';
import type { MenuAction } from '../list/RowMenu';
import CopyButton from '../nav/CopyButton';
import { useSeededStore } from '../page-data/use-seeded-store';
import { withTimeZone } from '../time/time-zone';

const t = translator({ faxSelection: faxSelectionMessages, inboxList: inboxListMessages });

const show = (faxes: FaxView[]): void => faxes.forEach(applyInboxUpdate);
const trashTicked = (faxes: FaxView[]) =>
  trashFaxes(
    faxes.map((fax) => fax.id),
    show,
  );

/** Pages of a received fax: what has arrived so far while it arrives. */
const receivedPages = (fax: FaxView): number => (fax.status === 'RECEIVING' ? fax.pagesSent : fax.pageCount);

function words(fax: FaxView, when: string): FaxRowWords {
  const number = fax.remoteDisplay ?? t('inboxList.unknownSender');
  const named = fax.contactName && fax.remoteDisplay ? fax.contactName : null;
  const party = { number: named ? t('inboxList.party', { name: named, number }) : number, when };
  return {
    name: named ?? number,
    sub: named ? number : null,
    unread: !fax.read && fax.status !== 'RECEIVING' ? t('inboxList.unread') : null,
    openLabel: t('inboxList.openLabel', party),
    selectLabel: t('faxSelection.select', { fax: t('inboxList.select', party) }),
    menuLabel: t('inboxList.menuLabel', party),
    marks: [],
  };
}

function actions(fax: FaxView, act: Act): MenuAction[] {
  const id = encodeURIComponent(fax.id);
  const list: MenuAction[] = [{ label: t('faxSelection.open'), icon: 'file-text', href: `/faxDetails/${id}` }];
  if (fax.status !== 'RECEIVING' && fax.status !== 'FAILED')
    list.push({ label: t('inboxList.preview'), icon: 'eye', href: `/preview?faxId=${id}` });
  if (fax.status !== 'RECEIVING') {
    list.push({
      label: t(fax.read ? 'inboxList.markUnread' : 'inboxList.markRead'),
      icon: fax.read ? 'mail' : 'mail-open',
      onSelect: () => act(() => setRead(fax, !fax.read, show)),
    });
  }
  if (canTrash(fax))
    list.push({
      label: t('faxSelection.moveToTrash'),
      icon: 'trash-2',
      separated: true,
      onSelect: () => act(() => trashFaxes([fax.id], show)),
    });
  return list;
}

function EmptyInbox({ faxNumber }: { faxNumber: string | null }) {
  if (!faxNumber) {
    return (
      <EmptyState icon="inbox" title={t('inboxList.emptyTitle')} text={t('inboxList.emptyNoNumber')}>
        <a className="button primary" href="/reserveNumber">
          {t('inboxList.getNumber')}
        </a>
      </EmptyState>
    );
  }
  const number = formatOwnNumber(faxNumber);
  return (
    <EmptyState icon="inbox" title={t('inboxList.emptyTitle')} text={t('inboxList.emptyWithNumber', { number })}>
      <CopyButton text={number} label={t('inboxList.copyNumber')} look="text" />
      <a className="button primary" href={`/send?to=${encodeURIComponent(faxNumber)}`}>
        {t('inboxList.testFax')}
      </a>
    </EmptyState>
  );
}

/**
 * The received-fax history, newest first; new faxes appear at the top as they arrive (spec §2
 * /inbox). `firstPage`: the first page the page was rendered with; null when the address holds filters.
 */
function InboxList({ faxNumber, firstPage }: { faxNumber: string | null; firstPage: FaxListPage | null }) {
  // The filters fill from the address as the island hydrates; until then the server's (none).
  const state = useSeededStore($inboxFaxes, renderedListState(firstPage), () => startInboxFaxes(firstPage));
  const filters = useSeededStore($inboxFilters, NO_FILTERS, () => undefined);
  return (
    <HistoryList
      direction="RECEIVE"
      state={state}
      filters={filters}
      setFilters={setInboxFilters}
      reload={() => void loadInboxFaxes()}
      loadMore={() => void loadMoreInboxFaxes()}
      table={{ label: t('inboxList.listLabel'), className: 'inbox-table', party: t('inboxList.from'), date: t('inboxList.when') }}
      words={words}
      pages={receivedPages}
      actions={actions}
      bulk={(faxes, act, busy) => (
        <>
          <BulkButton
            icon="mail-open"
            label={t('faxSelection.markRead')}
            busy={busy}
            onClick={() => act(() => markRead(faxes, show), true)}
          />
          <BulkButton
            icon="trash-2"
            label={t('faxSelection.moveToTrash')}
            busy={busy}
            onClick={() => act(() => trashTicked(faxes), true)}
          />
        </>
      )}
      empty={<EmptyInbox faxNumber={faxNumber} />}
    />
  );
}

export default withTimeZone(InboxList);

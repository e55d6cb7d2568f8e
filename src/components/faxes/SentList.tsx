import faxSelectionMessages from 'virtual:messages/faxSelection';
import sentMessages from 'virtual:messages/sent';
import type { FaxListPage, FaxView } from '../../common/faxes';
import { canTrash } from '../../common/trash-rules';
import { translator } from '../../i18n/translator';
import { renderedListState } from '../../stores/fax-list';
import { NO_FILTERS } from '../../stores/fax-list-filters';
import { trashFaxes } from '../../stores/fax-moves';
import {
  $sentFaxes,
  $sentFilters,
  applySentUpdate,
  loadMoreSentFaxes,
  loadSentFaxes,
  setSentFilters,
  startSentFaxes,
} from '../../stores/faxes';
import EmptyState from '../list/EmptyState';
import type { MenuAction } from '../list/RowMenu';
import { useSeededStore } from '../page-data/use-seeded-store';
import { withTimeZone } from '../time/time-zone';
import BulkButton from './BulkButton';
import type { FaxRowWords } from './FaxRow';
import { recipientText } from './fax-text';
import HistoryList, { type Act } from './HistoryList';

const t = translator({ faxSelection: faxSelectionMessages, sent: sentMessages });

const show = (faxes: FaxView[]): void => faxes.forEach(applySentUpdate);
const trashTicked = (faxes: FaxView[]) =>
  trashFaxes(
    faxes.map((fax) => fax.id),
    show,
  );

function words(fax: FaxView, when: string): FaxRowWords {
  const number = fax.remoteDisplay ?? t('sent.unknownNumber');
  const named = fax.contactName && fax.remoteDisplay ? fax.contactName : null;
  const party = { number: recipientText(fax), when };
  const marks = [fax.hasCoverPage && t('sent.coverPage'), fax.anonymous && t('sent.anonymous')].filter((mark): mark is string => !!mark);
  return {
    name: named ?? number,
    sub: named ? number : null,
    unread: null,
    openLabel: t('sent.openLabel', party),
    selectLabel: t('faxSelection.select', { fax: t('sent.select', party) }),
    menuLabel: t('sent.menuLabel', party),
    marks,
  };
}

function actions(fax: FaxView, act: Act): MenuAction[] {
  const list: MenuAction[] = [{ label: t('faxSelection.open'), icon: 'file-text', href: `/faxDetails/${encodeURIComponent(fax.id)}` }];
  if (fax.remoteNumber)
    list.push({ label: t('faxSelection.sendTo'), icon: 'send', href: `/send?to=${encodeURIComponent(fax.remoteNumber)}` });
  if (canTrash(fax))
    list.push({
      label: t('faxSelection.moveToTrash'),
      icon: 'trash-2',
      separated: true,
      onSelect: () => act(() => trashFaxes([fax.id], show)),
    });
  return list;
}

/**
 * The sent-fax history, newest first, kept up to date live (spec §2 /sent), searched by its filter
 * bar. `firstPage`: the first page the page was rendered with; null when the address holds filters.
 */
function SentList({ firstPage }: { firstPage: FaxListPage | null }) {
  // The filters fill from the address as the island hydrates; until then the server's (none).
  const state = useSeededStore($sentFaxes, renderedListState(firstPage), () => startSentFaxes(firstPage));
  const filters = useSeededStore($sentFilters, NO_FILTERS, () => undefined);
  return (
    <HistoryList
      direction="SEND"
      state={state}
      filters={filters}
      setFilters={setSentFilters}
      reload={() => void loadSentFaxes()}
      loadMore={() => void loadMoreSentFaxes()}
      table={{ label: t('sent.listLabel'), className: 'sent-table', party: t('sent.to'), date: t('sent.when') }}
      words={words}
      pages={(fax) => fax.pageCount}
      actions={actions}
      bulk={(faxes, act, busy) => (
        <BulkButton icon="trash-2" label={t('faxSelection.moveToTrash')} busy={busy} onClick={() => act(() => trashTicked(faxes), true)} />
      )}
      empty={
        <EmptyState icon="send" title={t('sent.emptyTitle')} text={t('sent.empty')}>
          <a className="button primary" href="/send">
            {t('sent.sendFirst')}
          </a>
        </EmptyState>
      }
    />
  );
}

export default withTimeZone(SentList);

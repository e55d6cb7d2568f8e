import faxSelectionMessages from 'virtual:messages/faxSelection';
import type { FaxView } from '../common/faxes';
import { translator } from '../i18n/translator';
import type { ApiFailure } from '../lib/api';
import { setFaxReadStatus } from './fax-read';
import { showToast } from './toasts';
import { deleteFaxesForever, emptyTrash, moveToTrash, restoreFaxes, type TrashMoveOutcome } from './trash';

// What the fax lists do to the faxes picked in them, each said in a toast once done:
// moved to the trash or restored with an Undo that does the opposite, deleted forever (asked
// first, by the list), marked read. A failure is answered to the list, which says it where the
// person is looking; an Undo that fails says so in a toast of its own.

const t = translator({ faxSelection: faxSelectionMessages });

/** Shows the rows an answer left (gone from a history, back in it) without waiting for the push. */
export type ShowFaxes = (faxes: FaxView[]) => void;

type CountKey = 'moved' | 'restored' | 'deleted' | 'markedRead';

function counted(key: CountKey, count: number): string {
  return count === 1 ? t(`faxSelection.${key}One`) : t(`faxSelection.${key}`, { count });
}

async function undo(work: () => Promise<TrashMoveOutcome>, show: ShowFaxes | undefined, done: CountKey): Promise<void> {
  const outcome = await work();
  if (!outcome.ok) {
    showToast(t('faxSelection.undoFailed', { reason: outcome.message }), { tone: 'failed' });
    return;
  }
  show?.(outcome.faxes);
  showToast(counted(done, outcome.faxes.length));
}

/** "Moved 2 faxes to the trash · Undo" (the Undo restores them). */
export async function trashFaxes(faxIds: string[], show?: ShowFaxes): Promise<ApiFailure | null> {
  const outcome = await moveToTrash(faxIds);
  if (!outcome.ok) return outcome;
  show?.(outcome.faxes);
  showToast(counted('moved', faxIds.length), {
    action: { label: t('faxSelection.undo'), run: () => undo(() => restoreFaxes(faxIds), show, 'restored') },
  });
  return null;
}

/** "Restored 1 fax · Undo" (the Undo moves it back to the trash). */
export async function restoreFromTrash(faxIds: string[], show?: ShowFaxes): Promise<ApiFailure | null> {
  const outcome = await restoreFaxes(faxIds);
  if (!outcome.ok) return outcome;
  show?.(outcome.faxes);
  showToast(counted('restored', faxIds.length), {
    action: { label: t('faxSelection.undo'), run: () => undo(() => moveToTrash(faxIds), show, 'moved') },
  });
  return null;
}

/** "Deleted 2 faxes forever": no Undo, which is why the list asks first. */
export async function deleteForever(faxIds: string[]): Promise<ApiFailure | null> {
  const failure = await deleteFaxesForever(faxIds);
  if (!failure) showToast(counted('deleted', faxIds.length));
  return failure;
}

export async function emptyTheTrash(): Promise<ApiFailure | null> {
  const failure = await emptyTrash();
  if (!failure) showToast(t('faxSelection.emptied'));
  return failure;
}

/** Read or unread again, one fax (a row's menu); the answer's row is shown at once. */
export async function setRead(fax: FaxView, read: boolean, show: ShowFaxes): Promise<ApiFailure | null> {
  const result = await setFaxReadStatus(fax.id, read ? 'read' : 'unread');
  if (!result.ok) return result;
  show([result.data.fax]);
  return null;
}

/** "Marked 3 faxes as read": the unread ones among those picked, one call each. */
export async function markRead(faxes: FaxView[], show: ShowFaxes): Promise<ApiFailure | null> {
  const unread = faxes.filter((fax) => !fax.read && fax.status !== 'RECEIVING');
  for (const fax of unread) {
    const failure = await setRead(fax, true, show);
    if (failure) return failure;
  }
  showToast(counted('markedRead', faxes.length));
  return null;
}

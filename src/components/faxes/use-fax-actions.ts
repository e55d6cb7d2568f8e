import faxActionsMessages from 'virtual:messages/faxActions';
import { useState } from 'react';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { api, call } from '../../lib/api';
import { showToast } from '../../stores/toasts';

const t = translator({ faxActions: faxActionsMessages });

// The trash's store comes on first use: most visits to a fax's page never trash it, and the
// page's budget is spent on what it shows (decision 032).
const trashStore = () => import('../../stores/trash');

/**
 * What a fax's actions do: move it to the trash and back (with an Undo), delete it forever, send
 * it again. `onChanged` shows the answer at once (the push that follows agrees); a toast tells the
 * user how it went.
 */
export function useFaxActions(fax: FaxView, onChanged: (fax: FaxView) => void) {
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<string | null>): Promise<boolean> => {
    setBusy(true);
    const failure = await work().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    setBusy(false);
    if (failure) showToast(t('faxActions.failed', { reason: failure }), { tone: 'failed' });
    return failure === null;
  };

  const moveTrash = async (into: boolean, undoable = true): Promise<void> => {
    const done = await act(async () => {
      const { moveToTrash, restoreFaxes } = await trashStore();
      const outcome = into ? await moveToTrash([fax.id]) : await restoreFaxes([fax.id]);
      if (!outcome.ok) return outcome.message;
      const answered = outcome.faxes.find((row) => row.id === fax.id);
      if (answered) onChanged(answered);
      return null;
    });
    if (!done) return;
    // An undo is not offered back: the page already says where the fax is.
    const undo = { label: t('faxActions.undo'), run: () => void moveTrash(!into, false) };
    showToast(into ? t('faxActions.trashed') : t('faxActions.restoredNotice'), undoable ? { action: undo } : {});
  };

  const deleteForever = (): Promise<boolean> =>
    act(async () => {
      const { deleteFaxesForever } = await trashStore();
      const failure = await deleteFaxesForever([fax.id]);
      if (failure) return failure.message;
      window.location.assign('/trash');
      return null;
    });

  const resend = (): Promise<boolean> =>
    act(async () => {
      const result = await call(api.resendFax.$post({ json: { faxId: fax.id } }));
      if (!result.ok) return result.message;
      showToast(t('faxActions.resent'));
      window.location.assign(`/faxDetails/${encodeURIComponent(result.data.faxId)}`);
      return null;
    });

  return { busy, moveTrash, deleteForever, resend };
}

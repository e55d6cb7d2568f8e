import { useEffect, useState } from 'react';
import type { FaxView } from '../../common/faxes';
import faxSelectionMessages from 'virtual:messages/faxSelection';
import { translator } from '../../i18n/translator';
import { moveToTrash, restoreFaxes } from '../../stores/trash';

// Moving several faxes of a history list to the trash at once (issue 14): a box on each row that
// has ended, and a bar that moves the ticked ones, with an undo.

const t = translator({ faxSelection: faxSelectionMessages });

const ENDED = new Set<FaxView['status']>(['DELIVERED', 'FAILED', 'RECEIVED']);

export function canTrash(fax: FaxView): boolean {
  return ENDED.has(fax.status);
}

/** The ticked faxes of a list; ids no longer listed drop out. */
export function useFaxSelection(faxes: readonly FaxView[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const listed = new Set(faxes.map((fax) => fax.id));
    setSelected((current) => ([...current].every((id) => listed.has(id)) ? current : new Set([...current].filter((id) => listed.has(id)))));
  }, [faxes]);
  const toggle = (faxId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(faxId);
      else next.delete(faxId);
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

export function SelectFaxCell({
  fax,
  label,
  selected,
  onToggle,
}: {
  fax: FaxView;
  label: string;
  selected: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <td>
      <input
        type="checkbox"
        checked={selected}
        disabled={!canTrash(fax)}
        aria-label={t('faxSelection.select', { fax: label })}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
    </td>
  );
}

/** "3 selected · Move to trash", then "3 faxes moved to the trash · Undo". */
export function TrashSelectedBar({
  selected,
  onMoved,
  clear,
}: {
  selected: ReadonlySet<string>;
  /** The faxes as the answer left them: the list drops (or, after an undo, takes back) each. */
  onMoved: (faxes: FaxView[]) => void;
  clear: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const move = async () => {
    const faxIds = [...selected];
    setBusy(true);
    setFailure(null);
    const outcome = await moveToTrash(faxIds);
    setBusy(false);
    if (!outcome.ok) return setFailure(outcome.message);
    onMoved(outcome.faxes);
    clear();
    setMoved(faxIds);
  };

  const undo = async () => {
    if (!moved) return;
    setBusy(true);
    const outcome = await restoreFaxes(moved);
    setBusy(false);
    if (!outcome.ok) return setFailure(outcome.message);
    onMoved(outcome.faxes);
    setMoved(null);
  };

  if (selected.size === 0 && !moved && !failure) return null;
  return (
    <section className="list-actions" aria-label={t('faxSelection.label')}>
      {selected.size > 0 && (
        <>
          <span aria-live="polite">
            {selected.size === 1 ? t('faxSelection.selectedOne') : t('faxSelection.selected', { count: selected.size })}
          </span>
          <button type="button" className="button secondary" disabled={busy} onClick={() => void move()}>
            {t('faxSelection.moveToTrash')}
          </button>
        </>
      )}
      {selected.size === 0 && moved && (
        <>
          <span role="status">{moved.length === 1 ? t('faxSelection.movedOne') : t('faxSelection.moved', { count: moved.length })}</span>
          <button type="button" className="button secondary" disabled={busy} onClick={() => void undo()}>
            {t('faxSelection.undo')}
          </button>
        </>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {t('faxSelection.failed', { reason: failure })}
        </p>
      )}
    </section>
  );
}

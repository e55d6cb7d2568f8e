import type { ReactNode } from 'react';
import Icon from '../icons/Icon';
import type { Selection } from './use-selection';

interface Props {
  selection: Selection;
  /** The rows that may be ticked. */
  selectable: readonly string[];
  labels: { selectAll: string; selected: string; bulk: string; clear: string };
  /** "Showing 3 of 3": what the list holds, announced as it changes. */
  count: string;
  /** The actions on what is ticked (Move to trash, Restore, Delete…), shown while something is. */
  bulk: ReactNode;
  /** What the list offers with nothing ticked (Empty trash). */
  idle?: ReactNode;
}

/**
 * The line above a list: a box that ticks every row shown, how many there are, and,
 * once rows are ticked, how many and what can be done with them, in the same place so nothing moves.
 */
export default function ListToolbar({ selection, selectable, labels, count, bulk, idle }: Props) {
  const ticked = selection.selected.size;
  const all = selectable.length > 0 && selectable.every((id) => selection.selected.has(id));
  return (
    <div className={ticked > 0 ? 'list-toolbar selecting' : 'list-toolbar'}>
      <input
        type="checkbox"
        aria-label={labels.selectAll}
        checked={all}
        disabled={selectable.length === 0}
        ref={(box) => {
          if (box) box.indeterminate = ticked > 0 && !all;
        }}
        onChange={(event) => selection.setAll(event.currentTarget.checked ? selectable : [])}
      />
      <p className="list-count" role="status">
        {ticked > 0 ? labels.selected : count}
      </p>
      {ticked > 0 ? (
        <fieldset className="button-row list-bulk" aria-label={labels.bulk}>
          {bulk}
          <button type="button" className="button ghost small icon-only" aria-label={labels.clear} onClick={selection.clear}>
            <Icon name="x" />
          </button>
        </fieldset>
      ) : (
        idle
      )}
    </div>
  );
}

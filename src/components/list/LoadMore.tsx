interface Props {
  more: boolean;
  loading: boolean;
  failed: string | null;
  labels: { more: string; loading: string };
  onLoad: () => void;
  /** A line under the list (the trash says how long faxes stay). */
  note?: string;
}

/** The foot of a list: "Load more" while there are more, and why more could not be read. */
export default function LoadMore({ more, loading, failed, labels, onLoad, note }: Props) {
  if (!more && !failed && !note) return null;
  return (
    <div className="list-footer">
      {failed && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      {more && (
        <button type="button" className="button secondary" disabled={loading} aria-busy={loading} onClick={onLoad}>
          {loading ? labels.loading : labels.more}
        </button>
      )}
      {note && <p className="muted list-note">{note}</p>}
    </div>
  );
}

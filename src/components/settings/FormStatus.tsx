export type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** `stays`: the message asks something more of the person (open a mailed link), so it does not go away. */
  | { kind: 'done'; message: string; stays?: boolean }
  | { kind: 'error'; message: string };

/** The outcome of a settings form, announced to screen readers. */
export default function FormStatus({ status }: { status: Status }) {
  if (status.kind === 'error') {
    return (
      <p className="form-error" role="alert">
        {status.message}
      </p>
    );
  }
  if (status.kind === 'done') {
    return (
      <p className="form-done" role="status">
        {status.message}
      </p>
    );
  }
  return null;
}

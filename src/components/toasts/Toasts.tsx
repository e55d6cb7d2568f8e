import toastsMessages from 'virtual:messages/toasts';
import { useStore } from '@nanostores/react';
import { translator } from '../../i18n/translator';
import { $toasts, dismissToast, holdToasts, runToastAction } from '../../stores/toasts';
import Icon from '../icons/Icon';
import './toasts.css';

const t = translator({ toasts: toastsMessages });

/**
 * The page's toasts (src/stores/toasts.ts), rendered once by the page's main island. The region
 * is on the page from the start, empty, so what is added to it is announced; pointing at a toast
 * or tabbing into it keeps every toast until the person leaves.
 */
export default function Toasts() {
  const toasts = useStore($toasts);
  const hold = () => holdToasts(true);
  const release = () => holdToasts(false);
  return (
    <div className="toasts" role="status" aria-atomic="false">
      {toasts.map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: pointing at a toast only holds it; its buttons act
        <div
          key={toast.id}
          className={`toast ${toast.tone}`}
          onMouseEnter={hold}
          onMouseLeave={release}
          onFocus={hold}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release();
          }}
        >
          <Icon name={toast.tone === 'failed' ? 'circle-alert' : 'circle-check'} />
          <p>{toast.text}</p>
          {toast.action && (
            <button type="button" className="button link" onClick={() => runToastAction(toast)}>
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="button ghost small icon-only toast-dismiss"
            aria-label={t('toasts.dismiss')}
            onClick={() => {
              release();
              dismissToast(toast.id);
            }}
          >
            <Icon name="x" />
          </button>
        </div>
      ))}
    </div>
  );
}

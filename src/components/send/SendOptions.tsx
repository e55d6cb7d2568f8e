import composer from 'virtual:messages/send.composer';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { translator } from '../../i18n/translator';
import { $draft, updateDraft } from '../../stores/send-draft';
import { toLocalInputValue } from './local-time-input';
import SwitchField from './SwitchField';
import { type LazyPart, useLazyPart } from './use-lazy-part';

const t = translator({ send: { composer } });

// Rarely used, so loaded when first switched on (or pointed at), not with the page (decision 032).
const loadCover = () => import('./CoverPageFields');
const loadLater = () => import('./SendLaterPicker');

/** A lazy part where it opens: the part, a line while it loads, or why it did not and Try again. */
function Opened({ part }: { part: LazyPart<object> }): ReactNode {
  if (part.kind === 'ready') return <part.Part />;
  if (part.kind === 'loading') return <p className="hint option-body">{t('send.composer.loadingPart')}</p>;
  return (
    <div className="form-error option-body" role="alert">
      <p>{t('send.composer.partFailed')}</p>
      <button type="button" className="button secondary small" onClick={part.retry}>
        {t('send.composer.tryAgain')}
      </button>
    </div>
  );
}

/** The fax's options, each a switch: a cover page (its fields open under it), send later, anonymously. */
export default function SendOptions() {
  const draft = useStore($draft);
  const cover = useLazyPart(loadCover, draft.withCover);
  const later = useLazyPart(loadLater, draft.sendLater.enabled);
  return (
    <fieldset className="composer-section send-options">
      <legend className="composer-label">{t('send.composer.optionsLabel')}</legend>
      <SwitchField
        label={t('send.composer.addCoverPage')}
        hint={t('send.composer.addCoverPageHint')}
        checked={draft.withCover}
        onIntent={() => void loadCover().catch(() => undefined)}
        onChange={(on) => updateDraft('withCover', on)}
      />
      {draft.withCover && <Opened part={cover} />}
      <SwitchField
        label={t('send.composer.sendLater')}
        hint={t('send.composer.sendLaterHint')}
        checked={draft.sendLater.enabled}
        onIntent={() => void loadLater().catch(() => undefined)}
        // Opened at an hour from now, or the time picked before it was switched off.
        onChange={(on) =>
          updateDraft('sendLater', { enabled: on, local: draft.sendLater.local || toLocalInputValue(Date.now() + 60 * 60 * 1000) })
        }
      />
      {draft.sendLater.enabled && <Opened part={later} />}
      <SwitchField
        label={t('send.composer.anonymous')}
        hint={t('send.composer.anonymousHint')}
        checked={draft.anonymous}
        onChange={(on) => updateDraft('anonymous', on)}
      />
    </fieldset>
  );
}

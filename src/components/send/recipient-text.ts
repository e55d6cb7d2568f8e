import sendTo from 'virtual:messages/send.to';
import { MAX_RECIPIENTS } from '../../common/send-many-rules';
import { translator } from '../../i18n/translator';
import type { PickerState } from '../../stores/contact-picker';
import type { RecipientNote } from '../../stores/send-recipients';

// What the To field of /send says under it: a change to its chips, and the phonebook's search.

const t = translator({ send: { to: sendTo } });

export function noteText(note: RecipientNote): string {
  if (note.kind === 'tooMany')
    return t(note.count === 1 ? 'send.to.tooManyOne' : 'send.to.tooMany', { max: MAX_RECIPIENTS, count: note.count });
  if (note.kind === 'merged') return note.count === 1 ? t('send.to.mergedOne') : t('send.to.merged', { count: note.count });
  if (note.kind === 'addedMany') return t('send.to.addedMany', { count: note.count });
  return t(`send.to.${note.kind}`, { name: note.name });
}

/** How many contacts match what is typed, or why none can be shown; null while searching or not. */
export function searchText(picker: PickerState): string | null {
  if (picker.kind === 'idle' || picker.kind === 'searching') return null;
  if (picker.kind === 'failed') return t('send.to.searchFailed', { reason: picker.reason });
  const count = picker.contacts.length;
  if (count === 0) return t('send.to.noMatch');
  return count === 1 ? t('send.to.resultsOne') : t('send.to.results', { count });
}

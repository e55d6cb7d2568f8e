import phonebookMessages from 'virtual:messages/phonebook';
import { atom } from 'nanostores';
import { CONTACT_IMPORT_MAX_BYTES, type ContactFileFormat, decodeContactFile, detectContactFileFormat } from '../common/contact-rules';
import type { ContactImportReport } from '../common/contacts';
import { translator } from '../i18n/translator';
import { api, call } from '../lib/api';
import { loadPhonebook } from './phonebook';
import { onTeardown } from './teardown';

// Importing a CSV or vCard file on /phonebook: the file is read in the browser and sent for a
// preview (every row: the contact it makes, or its place and why not); importing sends it again
// and the server keeps the good rows of the phonebook as it is then (docs/decisions/026).

const t = translator({ phonebook: phonebookMessages });

interface ChosenFile {
  fileName: string;
  format: ContactFileFormat;
  text: string;
}

export type ContactImportState =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'failed'; fileName: string; message: string }
  | ({ kind: 'preview'; report: ContactImportReport; importing: boolean; importFailed: string | null } & ChosenFile)
  | { kind: 'imported'; fileName: string; report: ContactImportReport };

export const $contactImport = atom<ContactImportState>({ kind: 'idle' });

onTeardown(() => $contactImport.set({ kind: 'idle' }));

/** Reads the chosen file and asks for its preview. */
export async function previewContactFile(file: File): Promise<void> {
  const fileName = file.name;
  if (file.size > CONTACT_IMPORT_MAX_BYTES) {
    $contactImport.set({ kind: 'failed', fileName, message: t('phonebook.importTooLarge', { file: fileName }) });
    return;
  }
  $contactImport.set({ kind: 'reading', fileName });
  const text = decodeContactFile(new Uint8Array(await file.arrayBuffer()));
  const format = detectContactFileFormat(fileName, text);
  const result = await call(api.previewContactImport.$post({ json: { format, text } }));
  if (!result.ok) {
    $contactImport.set({ kind: 'failed', fileName, message: result.message });
    return;
  }
  $contactImport.set({ kind: 'preview', fileName, format, text, report: result.data, importing: false, importFailed: null });
}

/** Imports the previewed file's good rows. */
export async function importPreviewedFile(): Promise<void> {
  const state = $contactImport.get();
  if (state.kind !== 'preview' || state.importing) return;
  $contactImport.set({ ...state, importing: true, importFailed: null });
  const result = await call(api.importContacts.$post({ json: { format: state.format, text: state.text } }));
  if (!result.ok) {
    $contactImport.set({ ...state, importing: false, importFailed: result.message });
    return;
  }
  $contactImport.set({ kind: 'imported', fileName: state.fileName, report: result.data });
  void loadPhonebook();
}

export function closeContactImport(): void {
  $contactImport.set({ kind: 'idle' });
}

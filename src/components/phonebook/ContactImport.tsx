import phonebookMessages from 'virtual:messages/phonebook';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { ContactImportReport, ContactImportRow } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import { $contactImport, closeContactImport, importPreviewedFile, previewContactFile } from '../../stores/contact-import';
import Modal from '../forms/Modal';

const t = translator({ phonebook: phonebookMessages });

type BadRow = Extract<ContactImportRow, { ok: false }>;
type GoodRow = Extract<ContactImportRow, { ok: true }>;

/** Each row that is not imported, with its place and why (the server's sentence names the row). */
function BadRows({ report, headingId }: { report: ContactImportReport; headingId: string }) {
  const bad = report.rows.filter((row): row is BadRow => !row.ok);
  if (bad.length === 0) return null;
  return (
    <>
      <h3 id={headingId}>{t('phonebook.previewBadHeading')}</h3>
      <ul className="import-problems" aria-labelledby={headingId}>
        {bad.map((row) => (
          <li key={row.row}>{row.message}</li>
        ))}
      </ul>
    </>
  );
}

/** Each row taken with a change (a long note cut), so nothing is imported other than it was without a word. */
function ChangedRows({ report, headingId }: { report: ContactImportReport; headingId: string }) {
  const changed = report.rows.filter((row): row is GoodRow & { notice: string } => row.ok && Boolean(row.notice));
  if (changed.length === 0) return null;
  return (
    <>
      <h3 id={headingId}>{t('phonebook.previewChangedHeading')}</h3>
      <ul className="import-problems" aria-labelledby={headingId}>
        {changed.map((row) => (
          <li key={row.row}>{row.notice}</li>
        ))}
      </ul>
    </>
  );
}

/** How many of the good rows the preview lists; the count says how many more there are. */
const GOOD_ROWS_SHOWN = 50;

function GoodRows({ report, headingId }: { report: ContactImportReport; headingId: string }) {
  const good = report.rows.filter((row): row is GoodRow => row.ok);
  if (good.length === 0) return null;
  const more = good.length - GOOD_ROWS_SHOWN;
  return (
    <>
      <h3 id={headingId}>{t('phonebook.previewGoodHeading')}</h3>
      <ul className="import-good" aria-labelledby={headingId}>
        {good.slice(0, GOOD_ROWS_SHOWN).map((row) => (
          <li key={row.row}>
            <span className="contact-name">{row.contact.name}</span> <span className="number-display">{row.contact.faxDisplay}</span>
            {row.contact.company && row.contact.company !== row.contact.name && <span className="muted"> · {row.contact.company}</span>}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="muted">{t('phonebook.previewMore', { count: more })}</p>}
    </>
  );
}

/** Import a CSV or vCard file, in a dialog: choose it, see every row's fate, then import the good ones. */
export default function ContactImport({ onClose }: { onClose: () => void }) {
  const state = useStore($contactImport);
  const ids = { heading: useId(), file: useId(), hint: useId(), good: useId(), bad: useId(), changed: useId() };

  const close = () => {
    closeContactImport();
    onClose();
  };

  const report = state.kind === 'preview' || state.kind === 'imported' ? state.report : null;
  const summary =
    state.kind === 'preview'
      ? t('phonebook.previewSummary', { file: state.fileName, good: state.report.good, bad: state.report.bad })
      : state.kind === 'imported'
        ? state.report.imported === 1
          ? t('phonebook.importedOne')
          : t('phonebook.imported', { count: state.report.imported ?? 0 })
        : state.kind === 'reading'
          ? t('phonebook.importReading')
          : '';

  return (
    <Modal labelledBy={ids.heading} className="contact-import" onClose={close}>
      <h2 id={ids.heading}>{t('phonebook.importHeading')}</h2>
      {state.kind !== 'imported' && (
        <div className="field">
          <label htmlFor={ids.file}>{t('phonebook.importFile')}</label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
            aria-describedby={ids.hint}
            disabled={state.kind === 'reading' || (state.kind === 'preview' && state.importing)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void previewContactFile(file);
            }}
          />
          <p className="hint" id={ids.hint}>
            {t('phonebook.importHint')}
          </p>
        </div>
      )}
      <p role="status" className={state.kind === 'imported' ? 'form-done' : 'import-summary'}>
        {summary}
      </p>
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {report && <BadRows report={report} headingId={ids.bad} />}
      {report && <ChangedRows report={report} headingId={ids.changed} />}
      {state.kind === 'preview' && <GoodRows report={state.report} headingId={ids.good} />}
      {state.kind === 'preview' && state.report.good === 0 && <p>{t('phonebook.importNothing')}</p>}
      {state.kind === 'preview' && state.importFailed && (
        <p className="form-error" role="alert">
          {t('phonebook.importFailed', { reason: state.importFailed })}
        </p>
      )}
      <div className="dialog-actions">
        {state.kind === 'preview' && state.report.good > 0 && (
          <button type="button" className="button primary" disabled={state.importing} onClick={() => void importPreviewedFile()}>
            {state.importing
              ? t('phonebook.importing')
              : state.report.good === 1
                ? t('phonebook.importCommitOne')
                : t('phonebook.importCommit', { count: state.report.good })}
          </button>
        )}
        <button type="button" className="button secondary" onClick={close}>
          {state.kind === 'imported' ? t('phonebook.importClose') : t('phonebook.cancel')}
        </button>
      </div>
    </Modal>
  );
}

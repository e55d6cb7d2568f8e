import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  CONTACT_IMPORT_MAX_BYTES,
  type ContactFileFormat,
  type ContactImportReport,
  contactExportQuerySchema,
  contactImportSchema,
} from '../../src/common/contacts';
import { t } from '../../src/i18n/t';
import { currentViewer, requireViewer } from '../auth/viewer';
import { CONTACT_FILE_TYPES, checkContactFile, writeContactFile } from '../domain/contact-files';
import { type CheckedRow, fileProblemMessage } from '../domain/contact-import';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { userStore } from '../user-store/stub';

function fileTooLarge(): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', t('api.contactFileTooLarge', { mb: CONTACT_IMPORT_MAX_BYTES / (1024 * 1024) }));
}

// The file travels as a JSON string, whose escapes (quotes, line breaks) may make it up to twice
// as long; the text itself is held to CONTACT_IMPORT_MAX_BYTES once parsed. The app-wide 64 KB
// JSON limit skips these two routes (worker/http/body-limit.ts).
const limitImportBody = bodyLimit({
  maxSize: CONTACT_IMPORT_MAX_BYTES * 2 + 4096,
  onError: () => {
    throw fileTooLarge();
  },
});

/** The file's rows, each checked on its own; 413 past the size, 400 INVALID_CONTACT_FILE for a file that is no phonebook. */
function checkedRows(format: ContactFileFormat, text: string): CheckedRow[] {
  const file = checkContactFile(format, text);
  if (file.ok) return file.rows;
  if (file.problem === 'TOO_LARGE') throw fileTooLarge();
  throw new ApiError(400, 'INVALID_CONTACT_FILE', fileProblemMessage(format, file.problem));
}

// Importing and exporting the phonebook as CSV or vCard (decision 026). The preview and the import
// take the same body and answer every row: good ones with the contact they make, bad ones with
// their place in the file and why. The import keeps the good rows, checked again against the
// phonebook as it is then.
export const contactFilesApi = new Hono<AppEnv>()
  .post('/previewContactImport', requireViewer, limitImportBody, validate('json', contactImportSchema), async (c) => {
    const { user } = currentViewer(c);
    const { format, text } = c.req.valid('json');
    const body: ContactImportReport = await userStore(c.env, user.id).previewContactImport(format, checkedRows(format, text));
    return c.json(body, 200);
  })

  .post('/importContacts', requireViewer, limitImportBody, validate('json', contactImportSchema), async (c) => {
    const { user } = currentViewer(c);
    const { format, text } = c.req.valid('json');
    const rows = checkedRows(format, text);
    const body: ContactImportReport = await userStore(c.env, user.id).importContacts(format, rows, Date.now());
    return c.json(body, 200);
  })

  .get('/exportContacts', requireViewer, validate('query', contactExportQuerySchema), async (c) => {
    const { user } = currentViewer(c);
    const { format } = c.req.valid('query');
    const contacts = await userStore(c.env, user.id).exportContacts();
    const type = CONTACT_FILE_TYPES[format];
    return new Response(writeContactFile(format, contacts), {
      headers: {
        'content-type': type.contentType,
        'content-disposition': `attachment; filename="${type.fileName}"`,
      },
    });
  });

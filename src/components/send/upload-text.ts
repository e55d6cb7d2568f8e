import errorsMessages from 'virtual:messages/errors';
import uploadErrors from 'virtual:messages/upload.errors';
import { type KeyOf, translator } from '../../i18n/translator';
import type { UploadSnapshot } from '../../stores/send-document';

// Upload failures in plain language: the server's reason when it gave one (errors.<CODE>),
// else a sentence for the storage error code (spec §8). One that says to write to us names the
// support address (`supportEmail`). Loaded once an upload has failed (DropProblem), not with the page.

const t = translator({ errors: errorsMessages, upload: { errors: uploadErrors } });

function messageOrNull(key: string, params: Record<string, string> = {}): string | null {
  try {
    return t(key as KeyOf<'errors'>, params);
  } catch {
    return null; // no sentence for this code: the caller falls back to a general one
  }
}

export function uploadErrorText(error: NonNullable<UploadSnapshot['error']>, supportEmail: string): string {
  const fromServer = error.serverCode ? messageOrNull(`errors.${error.serverCode}`) : null;
  if (fromServer) return fromServer;
  const storage = error.code.replace(/^storage\//, '');
  return messageOrNull(`upload.errors.${storage}`, { email: supportEmail }) ?? t('upload.errors.unknown');
}

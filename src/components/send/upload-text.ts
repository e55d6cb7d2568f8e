import errorsMessages from 'virtual:messages/errors';
import uploadMessages from 'virtual:messages/upload';
import { translator, type KeyOf } from '../../i18n/translator';
import type { UploadSnapshot } from '../../stores/send-fax';

// Upload failures in plain language: the server's reason when it gave one (errors.<CODE>),
// else a sentence for the storage error code (spec §8). One that says to write to us names the
// support address (`supportEmail`).

const t = translator({ errors: errorsMessages, upload: uploadMessages });

function messageOrNull(key: string, params: Record<string, string> = {}): string | null {
  try {
    return t(key as KeyOf<'errors' | 'upload'>, params);
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

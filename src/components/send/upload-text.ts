import { t, type MessageKey } from '../../i18n/t';
import type { UploadSnapshot } from '../../stores/send-fax';

// Upload failures in plain language: the server's reason when it gave one (errors.<CODE>),
// else a sentence for the storage error code (spec §8). One that says to write to us names the
// support address (`supportEmail`).

function messageOrNull(key: string, params: Record<string, string> = {}): string | null {
  try {
    return t(key as MessageKey, params);
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

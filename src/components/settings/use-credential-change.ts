import { useState, type FormEvent } from 'react';
import errorsMessages from 'virtual:messages/errors';
import { translator } from '../../i18n/translator';
import type { ApiResult } from '../../lib/api';
import type { Status } from './FormStatus';

const t = translator({ errors: errorsMessages });

/**
 * The submit of an e-mail or password change: sends the form, clears it on success, and reports
 * the two failure reasons of spec §5 — a wrong current password, or OTHER with the server's reason.
 */
export function useCredentialChange<T>(
  send: (form: FormData) => Promise<ApiResult<T>>,
  doneMessage: (data: T) => string,
): { status: Status; submit: (event: FormEvent<HTMLFormElement>) => Promise<void> } {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    setStatus({ kind: 'busy' });
    const result = await send(new FormData(form));
    if (result.ok) {
      form.reset();
      setStatus({ kind: 'done', message: doneMessage(result.data) });
    } else {
      setStatus({
        kind: 'error',
        message: result.code === 'INVALID_CURRENT_PASSWORD' ? t('errors.INVALID_CURRENT_PASSWORD') : result.message,
      });
    }
  }

  return { status, submit };
}

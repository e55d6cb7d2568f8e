import errorsMessages from 'virtual:messages/errors';
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/translator';
import type { ApiResult } from '../../lib/api';
import { askForSecondFactor } from '../../stores/step-up';
import type { Status } from './FormStatus';

const t = translator({ errors: errorsMessages });

/** The two fields of an e-mail or password change a failure can be about. */
export type CredentialField = 'currentPassword' | 'new';

interface Options {
  /** The name of the field holding the new e-mail or password. */
  newField: string;
  /** The success asks for more (open the mailed link): its line stays. */
  stays?: boolean;
}

/**
 * The submit of an e-mail or password change: sends the form, clears it on success, and puts a
 * failure under the field it is about (spec §5): a wrong current password under that one, the
 * server's reason (an address in use, a password it refuses) under the new value. That field takes
 * the focus, so the person is where the fix is.
 */
export function useCredentialChange<T>(
  send: (form: FormData) => Promise<ApiResult<T>>,
  doneMessage: (data: T) => string,
  { newField, stays = false }: Options,
): { status: Status; errorAt: CredentialField | null; submit: (event: FormEvent<HTMLFormElement>) => Promise<void> } {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [errorAt, setErrorAt] = useState<CredentialField | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    setStatus({ kind: 'busy' });
    setErrorAt(null);
    const data = new FormData(form);
    let result = await send(data);
    // Two-step verification proved too long ago (decision 044): the code, then the same change again.
    if (!result.ok && result.code === 'STEP_UP_REQUIRED' && (await askForSecondFactor())) result = await send(data);
    if (result.ok) {
      form.reset();
      setStatus({ kind: 'done', message: doneMessage(result.data), stays });
      return;
    }
    const wrongPassword = result.code === 'INVALID_CURRENT_PASSWORD';
    setErrorAt(wrongPassword ? 'currentPassword' : 'new');
    setStatus({ kind: 'error', message: wrongPassword ? t('errors.INVALID_CURRENT_PASSWORD') : result.message });
    const field = form.elements.namedItem(wrongPassword ? 'currentPassword' : newField);
    if (field instanceof HTMLInputElement) field.focus();
  }

  return { status, errorAt, submit };
}

import { translator } from '../i18n/translator';
import type { ApiFailure } from './api';

// The page's sentence for a failed call (en-US.json `errors.<CODE>`): sixty of them, wanted only
// once something has failed, so the sign-in pages load them then instead of with the page
// (docs/decisions/032). When they cannot be had (offline), the failure's own message stands.

let loading: Promise<(code: string) => string> | null = null;

function loadSentences(): Promise<(code: string) => string> {
  loading ??= import('virtual:messages/errors').then(
    ({ default: errors }) => {
      const t = translator({ errors });
      return (code: string) => t(`errors.${code}` as `errors.${keyof typeof errors}`);
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The sentence for a failure, or its own message when the sentences cannot be loaded or have none for its code. */
export async function errorSentence(failure: Pick<ApiFailure, 'code' | 'message'>): Promise<string> {
  try {
    return (await loadSentences())(failure.code);
  } catch {
    return failure.message;
  }
}

import { type CallOptions, call, ORIGIN } from './client';
import { mailTo, type OutboxMailRaw } from './recovery';

// Signing in through a mailed link as a browser and a mailbox would: ask for the link, read it
// from the local outbox (GET /api/devOutbox), follow it.

export function mailSignInLink(email: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<Response> {
  return call('/api/mailSignInLink', { ...options, method: 'POST', body: { email } });
}

export function signInWithLink(token: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<Response> {
  return call('/api/signInWithLink', { ...options, method: 'POST', body: { token } });
}

const LINK = new RegExp(`${ORIGIN.replace(/[.:/]/g, '\\$&')}/login\\?signInLink=([\\w-]+)`);

/** The token in the sign-in link of a mail, or null. */
export function signInTokenInMail(mail: OutboxMailRaw): string | null {
  return LINK.exec(mail.text)?.[1] ?? null;
}

/** Asks for a sign-in link and answers the token in the mail that arrived (throws if none did). */
export async function requestSignInToken(email: string, options: Omit<CallOptions, 'method' | 'body'> = {}): Promise<string> {
  // Two mails within the same millisecond have no order: find the new one by what was there before.
  const before = new Set((await mailTo(email)).map((m) => m.id));
  const response = await mailSignInLink(email, options);
  if (response.status !== 202) throw new Error(`mailSignInLink failed: ${response.status} ${await response.text()}`);
  const arrived = (await mailTo(email)).find((m) => !before.has(m.id));
  const token = arrived ? signInTokenInMail(arrived) : null;
  if (!token) throw new Error(`no sign-in link in the outbox for ${email}`);
  return token;
}

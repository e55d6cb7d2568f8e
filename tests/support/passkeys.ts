import { call } from './client';
import { type Ceremony, SoftPasskey } from './soft-passkey';

// Passkey ceremonies against the Worker, answered by a SoftPasskey (decision 045).

export interface CreationOptionsJson {
  challenge: string;
  user: { id: string; name: string };
  rp: { id: string; name: string };
  excludeCredentials?: Array<{ id: string }>;
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}
export interface RequestOptionsJson {
  challenge: string;
  rpId: string;
  userVerification?: string;
  allowCredentials?: Array<{ id: string }>;
}

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function addOptions(cookie: string): Promise<CreationOptionsJson> {
  return json(await call('/api/passkeyOptions', { method: 'POST', cookie }), 200, 'passkeyOptions');
}

/** Adds a new soft passkey to the signed-in account; answers the passkey and the call's response. */
export async function addPasskey(
  cookie: string,
  { passkey = new SoftPasskey(), name, ceremony }: { passkey?: SoftPasskey; name?: string; ceremony?: Ceremony } = {},
): Promise<{ passkey: SoftPasskey; response: Response }> {
  const options = await addOptions(cookie);
  const answer = await passkey.register(options, ceremony);
  const response = await call('/api/addPasskey', { method: 'POST', cookie, body: { response: answer, ...(name ? { name } : {}) } });
  return { passkey, response };
}

/** A passkey added and insisted on (201). */
export async function withPasskey(cookie: string, options: { counter?: number; name?: string } = {}): Promise<SoftPasskey> {
  const { passkey, response } = await addPasskey(cookie, {
    passkey: new SoftPasskey({ counter: options.counter ?? 0 }),
    name: options.name,
  });
  await json(response, 201, 'addPasskey');
  return passkey;
}

export async function signInOptions(): Promise<RequestOptionsJson> {
  return json(await call('/api/passkeySignInOptions', { method: 'POST' }), 200, 'passkeySignInOptions');
}

/** Signs in with the passkey: fresh options, the answer, POST /api/passkeySignIn. */
export async function passkeySignIn(passkey: SoftPasskey, ceremony: Ceremony = {}): Promise<Response> {
  const answer = await passkey.authenticate(await signInOptions(), ceremony);
  return call('/api/passkeySignIn', { method: 'POST', body: { response: answer } });
}

export async function checkOptions(cookie: string): Promise<RequestOptionsJson> {
  return json(await call('/api/passkeyCheckOptions', { method: 'POST', cookie }), 200, 'passkeyCheckOptions');
}

/** How many passkey challenges are waiting in D1. */
export async function challengesWaiting(db: D1Database): Promise<number> {
  return (await db.prepare('SELECT count(*) AS n FROM passkey_challenges').first<{ n: number }>())?.n ?? 0;
}

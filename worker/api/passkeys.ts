import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import {
  addPasskeySchema,
  passkeySignInSchema,
  passkeySignUpOptionsSchema,
  passkeySignUpSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from '../../src/common/passkey-schemas';
import { startPasskeyCheck } from '../auth/passkey-check';
import { addPasskey, readPasskeys, removeUserPasskey, renameUserPasskey, startAddingPasskey } from '../auth/passkey-settings';
import { signInWithPasskey, signUpWithPasskey, startPasskeySignIn, startPasskeySignUp } from '../auth/passkey-sign-in';
import { readPendingSignIn } from '../auth/pending-sign-in';
import { currentViewer, requireViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { toViewer } from '../views/account';

// Passkeys (decision 045): Settings › Security's list, signing in and up with one, and one as the
// second step. Each ceremony is two calls: options (a fresh challenge, kept server-side for five
// minutes), then the browser's answer, checked and the challenge used up.
export const passkeysApi = new Hono<AppEnv>()
  .get('/passkeys', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    return c.json({ passkeys: await readPasskeys(getDb(c.env), user.id) }, 200);
  })

  .post('/passkeyOptions', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    return c.json(await startAddingPasskey(c, user), 200);
  })

  .post('/addPasskey', requireViewer, validate('json', addPasskeySchema), async (c) => {
    const { user } = currentViewer(c);
    const { response, name } = c.req.valid('json');
    return c.json({ passkey: await addPasskey(c, user, response as RegistrationResponseJSON, name) }, 201);
  })

  .post('/renamePasskey', requireViewer, validate('json', renamePasskeySchema), async (c) => {
    const { user } = currentViewer(c);
    const { id, name } = c.req.valid('json');
    return c.json({ passkey: await renameUserPasskey(c, user, id, name) }, 200);
  })

  .post('/removePasskey', requireViewer, validate('json', removePasskeySchema), async (c) => {
    const { user } = currentViewer(c);
    await removeUserPasskey(c, user, c.req.valid('json').id);
    return c.json({ removed: true }, 200);
  })

  .post('/passkeySignInOptions', async (c) => c.json(await startPasskeySignIn(c), 200))

  .post('/passkeySignIn', validate('json', passkeySignInSchema), async (c) => {
    const user = await signInWithPasskey(c, c.req.valid('json').response as AuthenticationResponseJSON);
    return c.json({ user: toViewer(user) }, 200);
  })

  .post('/passkeySignUpOptions', validate('json', passkeySignUpOptionsSchema), async (c) => {
    const { email, displayName } = c.req.valid('json');
    return c.json(await startPasskeySignUp(c, email, displayName), 200);
  })

  .post('/passkeySignUp', validate('json', passkeySignUpSchema), async (c) => {
    const user = await signUpWithPasskey(c, c.req.valid('json').response as RegistrationResponseJSON);
    return c.json({ user: toViewer(user) }, 201);
  })

  // The second step of a waiting sign-in (then POST /api/verifySignIn { passkey }), or a step-up
  // of a signed-in session (then POST /api/stepUp { passkey }).
  .post('/passkeyCheckOptions', async (c) => {
    const user = c.get('user');
    const userId = user?.id ?? (await readPendingSignIn(c))?.userId;
    if (!userId) throw new ApiError(401, 'SIGN_IN_EXPIRED');
    return c.json(await startPasskeyCheck(c, userId), 200);
  });

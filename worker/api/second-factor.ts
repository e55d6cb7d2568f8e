import { Hono } from 'hono';
import {
  type AppSetup,
  appCodeBodySchema,
  type RecoveryCodesResponse,
  type SecondFactorStatus,
  secondFactorProofSchema,
  type VerifySignInResponse,
} from '../../src/common/second-factor-schemas';
import { confirmAppSetup, removeApp, renewRecoveryCodes, startAppSetup } from '../auth/app-factor';
import { finishSignIn } from '../auth/finish-sign-in';
import { proveSecondFactor, readSecondFactorStatus } from '../auth/second-factor';
import { markSecondFactorProved } from '../auth/step-up';
import { currentViewer, requireViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { toViewer } from '../views/account';

// The second factor (decision 044): the sign-in's second step, and the authenticator app in
// Settings › Security. Wrong codes are limited in worker/auth/second-factor.ts.
export const secondFactorApi = new Hono<AppEnv>()
  .post('/verifySignIn', validate('json', secondFactorProofSchema), async (c) => {
    const { user, recoveryCodesLeft } = await finishSignIn(c, c.req.valid('json'));
    return c.json({ user: toViewer(user), recoveryCodesLeft } satisfies VerifySignInResponse, 200);
  })

  .get('/secondFactor', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    return c.json((await readSecondFactorStatus(getDb(c.env), user.id)) satisfies SecondFactorStatus, 200);
  })

  .post('/startAppSetup', requireViewer, async (c) => {
    const { user } = currentViewer(c);
    return c.json((await startAppSetup(c, user)) satisfies AppSetup, 200);
  })

  .post('/confirmAppSetup', requireViewer, validate('json', appCodeBodySchema), async (c) => {
    const { user } = currentViewer(c);
    const recoveryCodes = await confirmAppSetup(c, user, c.req.valid('json').code);
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 201);
  })

  .post('/newRecoveryCodes', requireViewer, validate('json', appCodeBodySchema), async (c) => {
    const { user } = currentViewer(c);
    const recoveryCodes = await renewRecoveryCodes(c, user, c.req.valid('json').code);
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 200);
  })

  // Step-up (decision 044): the second factor again, before a sensitive change.
  .post('/stepUp', requireViewer, validate('json', secondFactorProofSchema), async (c) => {
    const { user } = currentViewer(c);
    await proveSecondFactor(c, user, c.req.valid('json'));
    await markSecondFactorProved(c);
    return c.json({ proved: true }, 200);
  })

  .post('/removeApp', requireViewer, validate('json', secondFactorProofSchema), async (c) => {
    const { user } = currentViewer(c);
    await removeApp(c, user, c.req.valid('json'));
    return c.json({ removed: true }, 200);
  });

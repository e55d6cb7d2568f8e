import { Hono } from 'hono';
import {
  type ForgotPasswordResponse,
  forgotPasswordSchema,
  type ResetPasswordResponse,
  type ResetPasswordWaiting,
  resetPasswordSchema,
} from '../../src/common/recovery-schemas';
import { safeRedirectPath } from '../../src/common/routes';
import { resetPasswordWithLink, sendPasswordResetLink } from '../auth/password-reset';
import { readConfig } from '../env';
import type { AppEnv } from '../http/app-env';
import { clientIp, enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import { mailLinkOrigin } from '../mail/link-origin';
import { toViewer } from '../views/account';

export const recoveryApi = new Hono<AppEnv>()
  .post('/forgotPassword', validate('json', forgotPasswordSchema), async (c) => {
    const { email, redirect } = c.req.valid('json');
    await enforceRateLimit(c, 'recovery-ip', clientIp(c));
    // Counted for the address as typed, account or not, so a 429 reveals nothing either.
    await enforceRateLimit(c, 'recovery-account', email);
    await sendPasswordResetLink(c.env, email, mailLinkOrigin(readConfig(c.env), c.req.url), safeRedirectPath(redirect));
    return c.json({ sent: true } satisfies ForgotPasswordResponse, 202);
  })

  .post('/resetPassword', validate('json', resetPasswordSchema), async (c) => {
    const { token, newPassword } = c.req.valid('json');
    const { user, redirect, secondFactor } = await resetPasswordWithLink(c, token, newPassword);
    if (secondFactor) return c.json({ secondFactor: 'required', redirect } satisfies ResetPasswordWaiting, 202);
    return c.json({ user: toViewer(user), redirect } satisfies ResetPasswordResponse, 200);
  });

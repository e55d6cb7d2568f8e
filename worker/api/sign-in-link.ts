import { Hono } from 'hono';
import type { SecondFactorRequired } from '../../src/common/second-factor-schemas';
import { type MailSignInLinkResponse, mailSignInLinkSchema, signInWithLinkSchema } from '../../src/common/sign-in-link';
import { sendSignInLink, signInWithLink } from '../auth/sign-in-link';
import { readConfig } from '../env';
import type { AppEnv } from '../http/app-env';
import { clientIp, enforceRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import { mailLinkOrigin } from '../mail/link-origin';
import { toViewer } from '../views/account';

// Signing in through a mailed link, offered when password sign-in answers 429 (decision 009).
export const signInLinkApi = new Hono<AppEnv>()
  .post('/mailSignInLink', validate('json', mailSignInLinkSchema), async (c) => {
    const { email } = c.req.valid('json');
    await enforceRateLimit(c, 'sign-in-link-ip', clientIp(c));
    // Counted for the address as typed, account or not, so a 429 reveals nothing either.
    await enforceRateLimit(c, 'sign-in-link-account', email);
    await sendSignInLink(c.env, email, mailLinkOrigin(readConfig(c.env), c.req.url));
    return c.json({ sent: true } satisfies MailSignInLinkResponse, 202);
  })

  // Not rate-limited, like resetPassword: a 256-bit token cannot be guessed, and a made-up one
  // costs one indexed read.
  .post('/signInWithLink', validate('json', signInWithLinkSchema), async (c) => {
    const { user, secondFactor } = await signInWithLink(c, c.req.valid('json').token);
    if (secondFactor) return c.json({ secondFactor: 'required' } satisfies SecondFactorRequired, 202);
    return c.json({ user: toViewer(user) }, 200);
  });

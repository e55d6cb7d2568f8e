import { z } from 'zod';
import { emailSchema } from './auth-schemas';

// Signing in through a mailed link (decision 009): the way in for an owner whose password
// sign-in is held up by someone else's wrong guesses. Shapes shared by worker/api/sign-in-link.ts
// and /login.

export {
  FACTOR_CHANGES,
  type FactorChange,
  type HistoryMethod,
  SIGN_IN_LINK_LIFETIME_MS,
  SIGN_IN_LINK_PARAM,
  SIGN_IN_METHODS,
  type SignInMethod,
} from './sign-in-link-rules';

/** POST /api/mailSignInLink. */
export const mailSignInLinkSchema = z.object({ email: emailSchema });

/** POST /api/signInWithLink. */
export const signInWithLinkSchema = z.object({
  // 32 random bytes in base64url are 43 characters; anything else can never be a valid link.
  token: z.string({ message: 'INVALID_SIGN_IN_LINK' }).regex(/^[\w-]{43}$/, 'INVALID_SIGN_IN_LINK'),
});

/** The same answer whether or not an account has the e-mail. */
export interface MailSignInLinkResponse {
  sent: true;
}

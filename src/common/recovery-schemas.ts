import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth-schemas';
import type { Viewer } from './viewer';

// Password recovery: request and success shapes shared by worker/api/recovery.ts and /recover.

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  // Any string: the server keeps only a path on this site (safeRedirectPath), else /dashboard.
  redirect: z.string({ message: 'INVALID_INPUT' }).max(2048, 'INVALID_INPUT').optional(),
});

export const resetPasswordSchema = z.object({
  // 32 random bytes in base64url are 43 characters; anything else can never be a valid link.
  token: z.string({ message: 'INVALID_RESET_LINK' }).regex(/^[\w-]{43}$/, 'INVALID_RESET_LINK'),
  newPassword: newPasswordSchema,
});

/** The same answer whether or not an account has the e-mail. */
export interface ForgotPasswordResponse {
  sent: true;
}

export interface ResetPasswordResponse {
  user: Viewer;
  /** The same-site path the user asked to return to (or /dashboard). */
  redirect: string;
}

/** 202: the account has a second factor; the new password is set once it is given (/signInCheck). */
export interface ResetPasswordWaiting {
  secondFactor: 'required';
  redirect: string;
}

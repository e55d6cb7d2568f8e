import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

// Request shapes for sign-up and sign-in. Each failing rule's message is an error code
// (src/common/errors.ts), so the server answers it as-is and the form can show it in words.
// The limits live in the zod-free password-rules.ts, which the sign-in forms carry.

export { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

export const emailSchema = z
  .string({ message: 'INVALID_EMAIL' })
  .trim()
  .max(254, 'INVALID_EMAIL')
  .pipe(z.email({ message: 'INVALID_EMAIL' }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ message: 'WEAK_PASSWORD' })
  .min(PASSWORD_MIN_LENGTH, 'WEAK_PASSWORD')
  .max(PASSWORD_MAX_LENGTH, 'WEAK_PASSWORD');

export const signupSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, 'INVALID_INPUT')
    .optional()
    .transform((name) => (name ? name : undefined)),
});

// Sign-in takes any password string: rules for new passwords must not lock out old accounts.
export const passwordLoginSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'INVALID_INPUT' }).min(1, 'INVALID_INPUT').max(1024, 'INVALID_INPUT'),
});

export const checkEmailQuerySchema = z.object({ email: emailSchema });

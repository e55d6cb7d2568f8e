import { z } from 'zod';
import { attributionSchema } from './attribution-schema';
import { DISPLAY_NAME_MAX_LENGTH, emailSchema, newPasswordSchema } from './auth-schemas';
import { SETUP_STEPS } from './onboarding';

// Requests of the account calls (spec §7). Each failing rule's message is an error code.

export const setupNewUserSchema = z.object({ attribution: attributionSchema.nullable().optional() });

/** Where the user is in the first-run path (updateUserSetup; src/common/onboarding.ts). */
export const setupQuerySchema = z.object({ setup: z.enum(SETUP_STEPS, { message: 'INVALID_INPUT' }) });

export const displayNameQuerySchema = z.object({
  name: z.string({ message: 'INVALID_INPUT' }).trim().min(1, 'INVALID_INPUT').max(DISPLAY_NAME_MAX_LENGTH, 'INVALID_INPUT'),
});

/** GET /api/updateFaxMail?faxReceived=on|off: whether a mail says a fax has arrived. */
export const faxMailQuerySchema = z.object({ faxReceived: z.enum(['on', 'off'], { message: 'INVALID_INPUT' }) });

/** An empty number clears it. */
export const personalPhoneQuerySchema = z.object({
  number: z.string({ message: 'INVALID_PHONE' }).trim().max(32, 'INVALID_PHONE'),
});

// The current password is checked before the new value is judged (spec §5), so these requests only
// require the fields; `newPasswordSchema` / `emailSchema` then apply to the new value.
const currentPassword = z.string().min(1).max(1024);
const newValue = z.string().max(1024);

export const changePasswordSchema = z.object({ currentPassword, newPassword: newValue });
export const changeEmailSchema = z.object({ currentPassword, newEmail: newValue });

export { emailSchema as newEmailSchema, newPasswordSchema };

export const confirmEmailChangeSchema = z.object({ token: z.string().min(10).max(200) });

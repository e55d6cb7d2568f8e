import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, emailSchema, passwordLoginSchema } from './auth-schemas';

// Google sign-in shapes. Google's ID tokens are about 1 KB; the cap only keeps junk out.
export const GOOGLE_TOKEN_MAX_LENGTH = 8192;

export const googleLoginSchema = z
  .object({
    token: z.string({ message: 'INVALID_INPUT' }).min(1, 'INVALID_INPUT').max(GOOGLE_TOKEN_MAX_LENGTH, 'INVALID_INPUT'),
  })
  // A body with a token and a password is neither sign-in: refuse it rather than guess.
  .strict();

function hasToken(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'token' in value;
}

/**
 * POST /api/login takes `{ email, password }` or `{ token }` (a Google ID token). The shape picks
 * the schema, so each keeps its own error codes (a union would blur them into one).
 */
const pickLoginSchema = z.unknown().transform((value, ctx) => {
  const schema = hasToken(value) ? googleLoginSchema : passwordLoginSchema;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});
type LoginInput = z.input<typeof googleLoginSchema> | z.input<typeof passwordLoginSchema>;
type LoginOutput = z.output<typeof googleLoginSchema> | z.output<typeof passwordLoginSchema>;
// Typed as the two shapes it accepts, so the typed client asks for one of them.
export const loginSchema = pickLoginSchema as unknown as z.ZodType<LoginOutput, LoginInput>;

/** The local Google stand-in's token request (dev tools only). */
export const devGoogleTokenSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, 'INVALID_INPUT').optional(),
  emailVerified: z.boolean({ message: 'INVALID_INPUT' }).default(true),
});

import { z } from 'zod';
import { emailSchema, signupSchema } from './auth-schemas';
import { PASSKEY_NAME_MAX_LENGTH } from './passkey-rules';

// Passkeys (decision 045): request shapes shared by worker/api/passkeys.ts, /login, /signInCheck
// and Settings › Security. A WebAuthn answer is checked for shape here and for meaning (signature,
// challenge, origin, RP ID, user verification) by the server.

export * from './passkey-rules';

/** Base64url of at most `max` characters: sizes an answer with attestation "none" stays well within. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
// WebAuthn allows credential ids of up to 1,023 bytes.
const credentialId = base64url(1_366).min(1);

const credentialCommon = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  // Extension outputs are not used: whatever the browser sends there is dropped.
  clientExtensionResults: z.object({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(2_048),
    attestationObject: base64url(4_096),
    authenticatorData: base64url(2_048).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(1_024).optional(),
  }),
});

/** What navigator.credentials.get() answered, as @simplewebauthn/browser sends it. */
export const authenticationResponseSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(2_048),
    authenticatorData: base64url(2_048),
    signature: base64url(512),
    userHandle: base64url(128).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ message: 'INVALID_INPUT' })
  .trim()
  .min(1, 'INVALID_INPUT')
  .max(PASSKEY_NAME_MAX_LENGTH, 'INVALID_INPUT');

/** POST /api/addPasskey: the new passkey, and a name when the person gave one. */
export const addPasskeySchema = z.object({ response: registrationResponseSchema, name: passkeyNameSchema.optional() });

/** POST /api/renamePasskey. */
export const renamePasskeySchema = z.object({ id: credentialId, name: passkeyNameSchema });

/** POST /api/removePasskey. */
export const removePasskeySchema = z.object({ id: credentialId });

/** POST /api/passkeySignIn. */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

/** POST /api/passkeySignUpOptions: the account to make, with no password. */
export const passkeySignUpOptionsSchema = z.object({ email: emailSchema, displayName: signupSchema.shape.displayName });

/** POST /api/passkeySignUp. */
export const passkeySignUpSchema = z.object({ response: registrationResponseSchema });

/** The second factor answered with a passkey (verifySignIn, stepUp, removeApp). */
export const passkeyProofSchema = z.object({ passkey: authenticationResponseSchema }).strict();

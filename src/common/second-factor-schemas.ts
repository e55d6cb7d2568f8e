import { z } from 'zod';
import { passkeyProofSchema } from './passkey-schemas';
import type { Viewer } from './viewer';

// The second factor (decision 044): request and answer shapes shared by worker/api/second-factor.ts,
// /signInCheck and Settings › Security.

/** Six digits from the authenticator app; spaces a person types between them are dropped. */
const appCodeSchema = z
  .string({ message: 'INVALID_CODE' })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'INVALID_CODE'));

/** A recovery code as typed (case, spaces and dashes do not matter); its letters are checked by the server. */
const recoveryCodeSchema = z.string({ message: 'INVALID_CODE' }).min(10, 'INVALID_CODE').max(40, 'INVALID_CODE');

/**
 * POST /api/verifySignIn, /api/stepUp and /api/removeApp: a code from the app, a recovery code, or
 * an answer of one of the account's passkeys (decision 045).
 */
export const secondFactorProofSchema = z.union([
  z.object({ code: appCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
  passkeyProofSchema,
]);
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

/** POST /api/confirmAppSetup and /api/newRecoveryCodes: a code from the app. */
export const appCodeBodySchema = z.object({ code: appCodeSchema });

/** What a sign-in answers instead of a session when the account has a second factor. */
export interface SecondFactorRequired {
  secondFactor: 'required';
}

export interface VerifySignInResponse {
  user: Viewer;
  /** After a recovery code: how many are left (null after an app code). */
  recoveryCodesLeft: number | null;
}

export interface SecondFactorStatus {
  /** An authenticator app is set up and confirmed. */
  app: boolean;
  recoveryCodesLeft: number;
}

export interface AppSetup {
  /** The otpauth:// URI the QR code holds. */
  keyUri: string;
  /** The secret in base32, in groups of four, for typing in by hand. */
  secretText: string;
  /** The QR code: a path of unit squares on a size × size grid (worker/domain/one-time-codes.ts). */
  qr: { size: number; path: string };
}

export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}

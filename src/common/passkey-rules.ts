// The zod-free part of passkeys (decision 045): what the pages carry. The schemas stay in
// ./passkey-schemas.ts, which re-exports these (decision 032).

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** How long a passkey ceremony's challenge can be answered. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** A passkey as Settings › Security lists it. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** The browser and system it was made on ("Chrome on macOS"), when known. */
  device: string | null;
  /** Copied to the person's other devices by their password manager (backed up), or kept on one. */
  synced: boolean;
}

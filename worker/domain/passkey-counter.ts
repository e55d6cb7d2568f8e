// A passkey's signature counter (WebAuthn §6.1.1, decision 045). Authenticators that count raise
// it at every use; synced passkeys mostly leave it at 0. A counter that is not zero and did not
// go up means two copies of the key are signing: the use is refused and the account told.

export function counterWentBack(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return false;
  return received <= stored;
}

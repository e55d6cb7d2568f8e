import type { CDPSession, Page } from 'playwright-core';

// A device with a passkey store of its own, for the browser tests (decision 045): Chromium's
// virtual authenticator (DevTools protocol, WebAuthn domain) attached to one tab. A platform
// authenticator ("internal") that keeps discoverable credentials and verifies its user.

export interface VirtualAuthenticator {
  /** How many passkeys this device holds. */
  credentialCount(): Promise<number>;
  /** Whether the next ceremonies find the person verified (fingerprint, face, PIN) or not. */
  setUserVerified(verified: boolean): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentialCount() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
    },
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
  };
}

// The Content-Security-Policy hash of a script written into a page (<script is:inline>), for a
// page to allow it with `Astro.csp.insertScriptHash` in its own frontmatter: the policy is a
// header, sent before the components below the page render. Taken once per code, so keep a
// script's code the same on every render and vary its `data-*` attributes instead.
const hashes = new Map<string, Promise<`sha256-${string}`>>();

async function sha256Of(code: string): Promise<`sha256-${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

export function scriptHashOf(code: string): Promise<`sha256-${string}`> {
  let hash = hashes.get(code);
  if (!hash) {
    hash = sha256Of(code);
    hashes.set(code, hash);
  }
  return hash;
}

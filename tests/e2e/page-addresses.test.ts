import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { BASE_URL } from './support/api.ts';

// A page address with broken percent-encoding is answered like any address the product does not
// know (or sends a visitor to sign in first), and the server logs no error for it: it
// is what a person typed or a link mangled, not a fault to be paged about.

const BROKEN = ['/%ZZ', '/inbox/%', '/faxDetails/%E0%A4%A', '/broadcast/%ff', '/lp/%zz', '/dashboard%'];

/** The server's output so far, colour codes taken out. */
function serverLog(): string {
  const path = process.env.E2E_SERVER_LOG;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
  return path ? readFileSync(path, 'utf8').replace(/\u001b\[[0-9;]*m/g, '') : '';
}

describe('a page address with broken percent-encoding', () => {
  it('answers the page for an unknown address, or the sign-in, and logs no error', async () => {
    const before = serverLog().length;
    for (const path of BROKEN) {
      const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual' });
      assert.ok([302, 303, 404].includes(response.status), `${path} answered ${response.status}`);
      if (response.status === 404) assert.match(await response.text(), /Page not found/);
    }
    // The server's lines for these requests are written as they are answered; give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lines = serverLog().slice(before).split('\n');
    assert.ok(
      lines.some((line) => line.includes('/broadcast/')),
      'the server log shows the requests (E2E_SERVER_LOG is read)',
    );
    assert.deepEqual(
      lines.filter((line) => /\[ERROR\]/.test(line)),
      [],
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEVICES, signInElsewhere, signOutSession } from './support/api.ts';
import { liveIndicator, sessionCookieOf, signUp, useBrowser, waitForPath } from './support/browser.ts';
import { type DroppableConnection, startDroppableConnection } from './support/network.ts';

// When a session ends elsewhere, the page's own verifyAuth call is answered 401 (that is how it
// learns to go to /login), and Chromium logs that as a console error; so is a read the page had
// under way at that moment (e.g. the dashboard reading again after its sign-in's push).
const ENDED_ELSEWHERE_401 = /status of 401 .*\[at .*\/api\/(verifyAuth|checkSubscriptionStatus|faxCounts|recentFaxes|account)\]$/;

describe('live updates on the dashboard', () => {
  const browser = useBrowser();
  let network: DroppableConnection;

  before(async () => {
    network = await startDroppableConnection();
  });

  after(async () => {
    await network?.close();
  });

  it('reconnects after the network drops, and keeps delivering events', async () => {
    const page = await browser.newPage();
    let socketsOpened = 0;
    // The dashboard's own sockets.
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === '/api/live' && new URL(page.url()).pathname === '/dashboard') socketsOpened += 1;
    });
    // The dashboard's lists and counts follow pushes; they are read from the server only after a
    // reconnect.
    const statusReads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      const onDashboard = new URL(request.frame().url()).pathname === '/dashboard';
      if (onDashboard && ['/api/recentFaxes', '/api/faxCounts'].includes(path)) statusReads.push(path);
    });

    // Signed up and set up before the dashboard opens: no setup request of the page's is under way for the drop to cut.
    const account = await signUp(page, { origin: network.origin, label: 'reconnect' });
    await liveIndicator(page, 'Connected').waitFor();
    // Sign-up's sign-in is recorded by a queue job whose push may land between the dashboard's
    // render and its socket, and then the page rightly reads again (decision 033): what this test
    // watches starts on a dashboard rendered after that push.
    for (let waited = 0; waited < 10_000; waited += 200) {
      const answer = await page.request.get(`${network.origin}/api/loginHistory`);
      if (((await answer.json()) as { history: unknown[] }).history.length > 0) break;
      await page.waitForTimeout(200);
    }
    socketsOpened = 0;
    statusReads.length = 0;
    await page.reload();
    await liveIndicator(page, 'Connected').waitFor();
    assert.equal(socketsOpened, 1);

    assert.deepEqual(statusReads, [], 'nothing is read again while the socket stays up');

    // Every connection between the browser and the server is reset at once.
    assert.ok(network.openConnections() > 0, 'the page has connections to drop');
    network.dropAll();
    await liveIndicator(page, /Reconnecting…|Offline/).waitFor();
    await liveIndicator(page, 'Connected').waitFor();
    assert.equal(socketsOpened, 2, 'a new live socket was opened');
    // Events may have been missed while it was down: the counts and the dashboard's lists are read once again.
    // Waited for as long as a slow machine may need: the loop ends as soon as both are read.
    for (let waited = 0; statusReads.length < 2 && waited < 30_000; waited += 100) await page.waitForTimeout(100);
    assert.deepEqual([...statusReads].sort(), ['/api/faxCounts', '/api/recentFaxes']);

    // Events reach the page over the new socket.
    await signInElsewhere(account, DEVICES.safariOnMac.userAgent);
    await page
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('listitem')
      .filter({ hasText: `New sign-in from ${DEVICES.safariOnMac.described}` })
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard', 'no reload or navigation happened');
  });

  it('goes to the sign-in page by itself when its session is ended elsewhere', async () => {
    browser.expectConsoleErrors(ENDED_ELSEWHERE_401);
    const page = await browser.newPage();
    await signUp(page, { label: 'ended-elsewhere' });
    await liveIndicator(page, 'Connected').waitFor();

    // Another tab of the same browser signs out (same cookie, outside this page).
    const cookie = await sessionCookieOf(browser.context);
    assert.ok(cookie, 'the browser holds a session cookie');
    await signOutSession(cookie);

    await waitForPath(page, '/login?redirect=%2Fdashboard');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  });
});

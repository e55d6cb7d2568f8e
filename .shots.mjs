import { chromium } from 'playwright-core';
import { startLocalServer } from './tests/support/local-server.mjs';
import { accountWithNumber, sendOne, uploadOnePage } from './tests/bench/bench-accounts.mjs';
process.env.LOOPBACK_MS_PER_PAGE ??= '0';
const server = await startLocalServer({ port: 8795, label: 'shots' });
const base = server.url;
try {
  const sender = await accountWithNumber(base, 'shot-sender', '212', 'PRO');
  const receiver = await accountWithNumber(base, 'shot-receiver', '312');
  const fileId = await uploadOnePage(base, sender.headers);
  for (let i = 0; i < 3; i++) await sendOne(base, sender, receiver.number, fileId);
  await sendOne(base, sender, '+1 415 555 0190', fileId);
  const added = await (await fetch(`${base}/api/addContact`, { method: 'POST', headers: receiver.headers, body: JSON.stringify({ name: 'Grace Hopper', faxNumber: sender.number, company: 'Navy Labs', email: 'grace@example.com', note: 'Compiler questions' }) })).json();
  await fetch(`${base}/api/addContact`, { method: 'POST', headers: sender.headers, body: JSON.stringify({ name: 'Ada Lovelace', faxNumber: '+1 415 555 0190', company: 'Analytical Engines' }) });
  await new Promise((r) => setTimeout(r, 8000));
  const inbox = await (await fetch(`${base}/api/faxes?direction=RECEIVE`, { headers: receiver.headers })).json();
  await fetch(`${base}/api/trashFaxes`, { method: 'POST', headers: receiver.headers, body: JSON.stringify({ faxIds: [inbox.faxes[0].id] }) });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const shots = process.argv.slice(2);
  for (const [who, user, paths] of [['recv', receiver, ['/inbox', '/phonebook', '/trash', `/send?contact=${added.contact.id}`, `/faxDetails/${inbox.faxes[1].id}`]], ['send', sender, ['/sent', '/sent?number=Ada']]]) {
    for (const [w, h] of [[375, 800], [1280, 900]]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h } });
      const [name, value] = user.headers.cookie.split('=');
      await ctx.addCookies([{ name, value, url: base }]);
      const page = await ctx.newPage();
      for (const path of paths) {
        await page.goto(base + path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        const sw = await page.evaluate(() => document.documentElement.scrollWidth);
        const file = `/tmp/shots/${who}${path.replace(/[/?=&]/g, '_').slice(0, 30)}-${w}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file, 'scrollWidth', sw);
      }
      await ctx.close();
    }
  }
  await browser.close();
} finally {
  await server.stop();
}

// The landing pages on a phone, as Lighthouse's mobile run sees one (decision 038): Chromium at 375 px,
// 4× slower CPU, a slow 4G line (150 ms, 1.6 Mb/s down). Per page, the median of three cold loads:
// bytes over the wire (and gzip-compressed, as Cloudflare serves them), JS files' bytes (the inline
// attribution script is part of the HTML), first and
// largest contentful paint, cumulative layout shift and total blocking time. Figures only.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const PAGES = ['/lp/receive-fax', '/lp/receive-fax2', '/lp/receive-fax3', '/lp/receive-fax4', '/lp/receive-fax5', '/lp/send-fax'];
const RUNS = 3;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** What the page itself measured: paints, layout shifts and long tasks. */
function collectVitals() {
  window.__vitals = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function loadOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const types = new Map();
  let wire = 0;
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    wire += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  let gzip = 0;
  page.on('response', async (response) => {
    try {
      gzip += gzipSync(await response.body()).byteLength + 300; // body compressed, ~300 B of headers
    } catch {
      // a redirect or an aborted response has no body
    }
  });
  await page.addInitScript(collectVitals);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const vitals = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tbt = window.__vitals.longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp, lcp: window.__vitals.lcp, cls: window.__vitals.cls, tbt };
  });
  await context.close();
  return { wire, gzip, jsBytes, ...vitals };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchLandingPages(base) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const rows = [];
  try {
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, base + path));
      const m = (key) => median(runs.map((r) => r[key]));
      rows.push([
        `${path} (phone, slow 4G, 4× CPU)`,
        `${(m('wire') / 1024).toFixed(1)} KB sent (${(m('gzip') / 1024).toFixed(1)} KB gzip) · JS ${m('jsBytes')} B · FCP ${m('fcp').toFixed(0)} ms · LCP ${m('lcp').toFixed(0)} ms · CLS ${m('cls').toFixed(3)} · TBT ${m('tbt').toFixed(0)} ms`,
      ]);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

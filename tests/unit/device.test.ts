import { describe, expect, it } from 'vitest';
import { describeDevice } from '../../worker/domain/device';

const WIN = 'Windows NT 10.0; Win64; x64';
const MAC = 'Macintosh; Intel Mac OS X 10_15_7';
const LINUX = 'X11; Linux x86_64';
const ANDROID = 'Linux; Android 14; Pixel 8';
const IPHONE = 'iPhone; CPU iPhone OS 17_5 like Mac OS X';
const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)';
const IOS_WEBKIT = 'AppleWebKit/605.1.15 (KHTML, like Gecko)';

describe('describeDevice', () => {
  it.each([
    // Chrome
    [`Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36`, 'Chrome on Windows'],
    [`Mozilla/5.0 (${MAC}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36`, 'Chrome on macOS'],
    [`Mozilla/5.0 (${LINUX}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36`, 'Chrome on Linux'],
    [`Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} Chrome/126.0.0.0 Mobile Safari/537.36`, 'Chrome on Android'],
    [`Mozilla/5.0 (${IPHONE}) ${IOS_WEBKIT} CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1`, 'Chrome on iOS'],
    [`Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36`, 'Chrome on ChromeOS'],
    // Edge
    [`Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68`, 'Edge on Windows'],
    [`Mozilla/5.0 (${MAC}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68`, 'Edge on macOS'],
    [`Mozilla/5.0 (${LINUX}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68`, 'Edge on Linux'],
    [`Mozilla/5.0 (${ANDROID}) ${WEBKIT} Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80`, 'Edge on Android'],
    [`Mozilla/5.0 (${IPHONE}) ${IOS_WEBKIT} Version/17.0 EdgiOS/126.2592.86 Mobile/15E148 Safari/605.1.15`, 'Edge on iOS'],
    [`Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582`, 'Edge on Windows'],
    // Firefox
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox on Android'],
    [`Mozilla/5.0 (${IPHONE}) ${IOS_WEBKIT} FxiOS/127.0 Mobile/15E148 Safari/605.1.15`, 'Firefox on iOS'],
    // Safari
    [`Mozilla/5.0 (${MAC}) ${IOS_WEBKIT} Version/17.5 Safari/605.1.15`, 'Safari on macOS'],
    [`Mozilla/5.0 (${IPHONE}) ${IOS_WEBKIT} Version/17.5 Mobile/15E148 Safari/604.1`, 'Safari on iOS'],
    [`Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) ${IOS_WEBKIT} Version/17.5 Mobile/15E148 Safari/604.1`, 'Safari on iOS'],
    // Opera
    [`Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0`, 'Opera on Windows'],
    [`Mozilla/5.0 (${MAC}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0`, 'Opera on macOS'],
    [`Mozilla/5.0 (${LINUX}) ${WEBKIT} Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0`, 'Opera on Linux'],
    [`Mozilla/5.0 (Linux; Android 10; VOG-L29) ${WEBKIT} Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0.4227.80`, 'Opera on Android'],
    ['Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18', 'Opera on Windows'],
    // Others
    [
      `Mozilla/5.0 (Linux; Android 13; SM-S901B) ${WEBKIT} SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36`,
      'Samsung Internet on Android',
    ],
    ['curl/8.5.0', 'curl'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it.each([
    ['a system with no browser it knows', `Mozilla/5.0 (${WIN})`, 'Windows'],
    ['a browser with no system it knows', 'Mozilla/5.0 Firefox/127.0', 'Firefox'],
  ])('names what it recognises of %s', (_label, userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['SomeBot/1.0'], ['   ']])('answers null for %j', (userAgent) => {
    expect(describeDevice(userAgent)).toBeNull();
  });

  it('copes with a very long User-Agent', () => {
    expect(describeDevice(`${'x'.repeat(10_000)} Firefox/1 (Windows)`)).toBe('Firefox on Windows');
  });
});

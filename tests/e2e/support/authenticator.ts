import { createHmac } from 'node:crypto';

// The authenticator app of the browser tests: codes computed from the key the page shows (RFC 6238).

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function keyBytes(shownKey: string): Buffer {
  let bits = '';
  for (const char of shownKey.replace(/\s/g, '').toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code for the 30-second step `stepsAhead` from now, from the key as the page shows it. */
export function appCode(shownKey: string, stepsAhead = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const mac = createHmac('sha1', keyBytes(shownKey)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { copyObject, writeObject } from '../../worker/storage/bucket';
import { copiesInSteps } from '../../worker/storage/local-steps';

// Locally the R2 stand-in shares the Worker's thread, so copies go in steps (decision 041); what
// they store must be the same bytes as the one-go copy deployed Workers make.

const local = { ...env, APP_ENV: 'development' } as Env;

function bytesOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  return bytes;
}

async function stored(key: string): Promise<Uint8Array> {
  const object = await env.DOCUMENTS.get(key);
  return new Uint8Array(await object!.arrayBuffer());
}

describe('copies of the local R2 stand-in', () => {
  it('go in steps only in a local run', () => {
    expect(copiesInSteps(local)).toBe(true);
    expect(copiesInSteps(env)).toBe(false);
  });

  it('store the source byte for byte, over several steps, with and without a suffix', async () => {
    const id = crypto.randomUUID();
    const source = bytesOf(3 * 1024 * 1024 + 123);
    const suffix = new TextEncoder().encode('\n% the cover page, as an update\n');
    await writeObject(env, `local-copies/${id}/source`, source);

    const plain = await copyObject(local, `local-copies/${id}/source`, `local-copies/${id}/plain`, null, {
      httpMetadata: { contentType: 'application/pdf' },
    });
    expect(plain?.size).toBe(source.byteLength);
    expect(await stored(`local-copies/${id}/plain`)).toEqual(source);

    const withSuffix = await copyObject(local, `local-copies/${id}/source`, `local-copies/${id}/suffixed`, suffix);
    expect(withSuffix?.size).toBe(source.byteLength + suffix.byteLength);
    const copied = await stored(`local-copies/${id}/suffixed`);
    expect(copied.subarray(0, source.byteLength)).toEqual(source);
    expect(copied.subarray(source.byteLength)).toEqual(suffix);
  });

  it('answer null when the source is gone', async () => {
    expect(await copyObject(local, `local-copies/${crypto.randomUUID()}/none`, 'local-copies/never', null)).toBeNull();
  });
});

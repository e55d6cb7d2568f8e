import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { joinBytes } from '../../worker/http/bytes';
import {
  copyObject,
  multipartUpload,
  readObjectSource,
  readObjectStream,
  startMultipartUpload,
  uploadPartFrom,
  writeObject,
  writeObjectFrom,
} from '../../worker/storage/bucket';
import { STEP_BYTES, stepsLocally } from '../../worker/storage/local-steps';

// Locally the R2 stand-in shares the Worker's thread, so copies, reads and writes of documents go in
// steps (decisions 041, 054); what they read and store must be the same bytes as the one-go
// streams deployed Workers use.

const localEnv = { ...env, APP_ENV: 'development' } as Env;

function bytesOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  return bytes;
}

async function stored(key: string): Promise<Uint8Array> {
  const object = await env.DOCUMENTS.get(key);
  return new Uint8Array(await object!.arrayBuffer());
}

describe('copies in the local R2 stand-in', () => {
  it('go in steps only in a local run', () => {
    expect(stepsLocally(localEnv)).toBe(true);
    expect(stepsLocally(env)).toBe(false);
  });

  it('store the source byte for byte, over several steps, with and without a suffix', async () => {
    const id = crypto.randomUUID();
    const source = bytesOf(3 * 1024 * 1024 + 123);
    const suffix = new TextEncoder().encode('\n% the cover page, as an update\n');
    await writeObject(env, `local-copies/${id}/source`, source);

    const plain = await copyObject(localEnv, `local-copies/${id}/source`, `local-copies/${id}/plain`, null, {
      httpMetadata: { contentType: 'application/pdf' },
    });
    expect(plain?.size).toBe(source.byteLength);
    expect(await stored(`local-copies/${id}/plain`)).toEqual(source);

    const withSuffix = await copyObject(localEnv, `local-copies/${id}/source`, `local-copies/${id}/suffixed`, suffix);
    expect(withSuffix?.size).toBe(source.byteLength + suffix.byteLength);
    const copied = await stored(`local-copies/${id}/suffixed`);
    expect(copied.subarray(0, source.byteLength)).toEqual(source);
    expect(copied.subarray(source.byteLength)).toEqual(suffix);
  });

  it('answer null when the source is gone', async () => {
    expect(await copyObject(localEnv, `local-copies/${crypto.randomUUID()}/none`, 'local-copies/never', null)).toBeNull();
  });
});

async function streamed(pieces: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const piece of pieces) parts.push(piece);
  return joinBytes(parts);
}

describe('reads of the local R2 stand-in', () => {
  it('stream a document from any offset in steps, the same bytes as one stream', async () => {
    const key = `local-steps/${crypto.randomUUID()}/read`;
    const source = bytesOf(3 * STEP_BYTES + 4567);
    await writeObject(env, key, source);
    for (const offset of [0, 1000, STEP_BYTES, 3 * STEP_BYTES + 4000]) {
      const local = await readObjectSource(localEnv, key);
      const deployed = await readObjectSource(env, key);
      expect(await streamed(local!.stream(offset))).toEqual(source.subarray(offset));
      expect(await streamed(deployed!.stream(offset))).toEqual(source.subarray(offset));
    }
  });

  it('hand a stored document on whole, with its size and ETag, as R2 does; null when there is none', async () => {
    const key = `local-steps/${crypto.randomUUID()}/handed`;
    const source = bytesOf(2 * STEP_BYTES + 99);
    const stored = await writeObject(env, key, source);
    for (const where of [localEnv, env]) {
      const object = await readObjectStream(where, key);
      expect(object).toMatchObject({ size: source.byteLength, httpEtag: stored.httpEtag });
      expect(new Uint8Array(await new Response(object!.body).arrayBuffer())).toEqual(source);
      expect(await readObjectStream(where, `${key}-none`)).toBeNull();
    }
  });

  it('end a local hand-over short, never mixed, when the document is replaced meanwhile', async () => {
    const key = `local-steps/${crypto.randomUUID()}/replaced`;
    await writeObject(env, key, bytesOf(3 * STEP_BYTES));
    const object = await readObjectStream(localEnv, key);
    const reader = object!.body.getReader();
    await reader.read();
    await writeObject(env, key, bytesOf(3 * STEP_BYTES + 1));
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'whole';
      })(),
    ).rejects.toThrow();
  });
});

describe('writes to the local R2 stand-in', () => {
  it('store pieces held in memory in steps, byte for byte', async () => {
    const key = `local-steps/${crypto.randomUUID()}/written`;
    const source = bytesOf(2 * STEP_BYTES + 999);
    // Pieces of the sizes a request body arrives in, crossing step boundaries.
    const pieces = [source.subarray(0, 65_536), source.subarray(65_536, STEP_BYTES + 7), source.subarray(STEP_BYTES + 7)];
    await writeObjectFrom(localEnv, key, pieces, source.byteLength);
    expect(await stored(key)).toEqual(source);
  });

  it("make an upload's part of staged ranges and memory in steps; null when a staged piece is gone", async () => {
    const id = crypto.randomUUID();
    const staged = bytesOf(STEP_BYTES * 2 + 17);
    // The chunk that ends the part, in memory (a part alone is also the last: no least size).
    const last = bytesOf(STEP_BYTES + 300).reverse();
    await writeObject(env, `local-steps/${id}/staged`, staged);
    const key = `local-steps/${id}/document`;
    const uploadId = await startMultipartUpload(env, key, { contentType: 'application/pdf' });
    const upload = multipartUpload(localEnv, key, uploadId);
    const from = 100;
    const size = staged.byteLength - from + last.byteLength;
    const part = await uploadPartFrom(
      upload,
      localEnv,
      1,
      [{ key: `local-steps/${id}/staged`, offset: from, length: staged.byteLength - from }, last],
      size,
    );
    expect(part).not.toBeNull();
    await upload.complete([part!]);
    const whole = await stored(key);
    expect(whole.subarray(0, staged.byteLength - from)).toEqual(staged.subarray(from));
    expect(whole.subarray(staged.byteLength - from)).toEqual(last);

    const other = multipartUpload(localEnv, `${key}-2`, await startMultipartUpload(env, `${key}-2`, { contentType: 'application/pdf' }));
    const gone = await uploadPartFrom(
      other,
      localEnv,
      1,
      [{ key: `local-steps/${id}/never`, offset: 0, length: 10 }, last],
      10 + last.byteLength,
    );
    expect(gone).toBeNull();
  });
});

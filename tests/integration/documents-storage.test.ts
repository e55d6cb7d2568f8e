import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deleteUserObjects, documentKey, getUserDocument, putUserDocument, userPrefix } from '../../worker/storage/documents';

// Ids as the server makes them: random, and distinct per test so tests never share objects.
function newId(): string {
  return crypto.randomUUID();
}

async function md5Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('MD5', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await env.DOCUMENTS.list({ prefix });
  return listed.objects.map((o) => o.key);
}

describe('documents in R2', () => {
  it('stores a document under the user prefix and reads it back', async () => {
    const userId = newId();
    const documentId = newId();
    const body = new TextEncoder().encode('%PDF-1.7\nfax page one\n%%EOF\n');
    const before = Date.now();
    const stored = await putUserDocument(env, userId, documentId, body, 'application/pdf');
    expect(stored).toMatchObject({
      key: `users/${userId}/documents/${documentId}`,
      size: body.byteLength,
      contentType: 'application/pdf',
      md5Hash: await md5Hex(body),
    });
    expect(stored.uploadedAt).toBeGreaterThanOrEqual(before - 1000);

    const object = await getUserDocument(env, userId, documentId);
    expect(object).not.toBeNull();
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(body);
    expect(object!.httpMetadata?.contentType).toBe('application/pdf');
    expect(object!.size).toBe(body.byteLength);
  });

  it('takes a string or an ArrayBuffer body', async () => {
    const userId = newId();
    const asString = await putUserDocument(env, userId, 'text', 'hello', 'text/plain');
    expect(asString.md5Hash).toBe('5d41402abc4b2a76b9719d911017c592');
    const buffer = new Uint8Array([0, 1, 2, 255]).buffer;
    const asBuffer = await putUserDocument(env, userId, 'bytes', buffer, 'application/octet-stream');
    expect(asBuffer.size).toBe(4);
    const read = await getUserDocument(env, userId, 'bytes');
    expect(new Uint8Array(await read!.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2, 255]));
  });

  it('replaces a document put twice under the same id', async () => {
    const userId = newId();
    await putUserDocument(env, userId, 'doc', 'first', 'text/plain');
    await putUserDocument(env, userId, 'doc', 'second version', 'text/plain');
    expect(await (await getUserDocument(env, userId, 'doc'))!.text()).toBe('second version');
    expect(await keysUnder(userPrefix(userId))).toHaveLength(1);
  });

  it("answers null for another user's id, and for a document that does not exist", async () => {
    const owner = newId();
    const documentId = newId();
    await putUserDocument(env, owner, documentId, 'private fax', 'text/plain');
    expect(await getUserDocument(env, newId(), documentId)).toBeNull();
    expect(await getUserDocument(env, owner, newId())).toBeNull();
  });

  it("deletes every object of the user and nobody else's", async () => {
    const userId = newId();
    const neighbour = newId();
    for (let i = 0; i < 5; i++) await putUserDocument(env, userId, `doc-${i}`, `page ${i}`, 'text/plain');
    for (let i = 0; i < 2; i++) await putUserDocument(env, neighbour, `doc-${i}`, `page ${i}`, 'text/plain');

    expect(await deleteUserObjects(env, userId)).toBe(5);
    expect(await keysUnder(userPrefix(userId))).toEqual([]);
    expect(await getUserDocument(env, userId, 'doc-0')).toBeNull();
    expect(await keysUnder(userPrefix(neighbour))).toHaveLength(2);
    expect(await (await getUserDocument(env, neighbour, 'doc-1'))!.text()).toBe('page 1');
  });

  it('does not touch a user whose id merely starts with the same characters', async () => {
    const base = newId().replace(/-/g, '').slice(0, 20);
    await putUserDocument(env, base, 'a', 'short id', 'text/plain');
    await putUserDocument(env, `${base}0`, 'a', 'longer id', 'text/plain');
    expect(await deleteUserObjects(env, base)).toBe(1);
    expect(await getUserDocument(env, `${base}0`, 'a')).not.toBeNull();
  });

  it('deletes other objects kept under the user prefix too', async () => {
    const userId = newId();
    await env.DOCUMENTS.put(`${userPrefix(userId)}thumbnails/t1`, 'thumb');
    await putUserDocument(env, userId, 'doc', 'body', 'text/plain');
    expect(await deleteUserObjects(env, userId)).toBe(2);
    expect(await keysUnder(userPrefix(userId))).toEqual([]);
  });

  it('answers 0 for a user with nothing stored, and again after deleting', async () => {
    const userId = newId();
    expect(await deleteUserObjects(env, userId)).toBe(0);
    await putUserDocument(env, userId, 'doc', 'body', 'text/plain');
    expect(await deleteUserObjects(env, userId)).toBe(1);
    expect(await deleteUserObjects(env, userId)).toBe(0);
  });
});

describe('documentKey', () => {
  it('builds users/<user>/documents/<document>', () => {
    expect(documentKey('user_1', 'doc-2')).toBe('users/user_1/documents/doc-2');
    expect(documentKey('u'.repeat(64), 'd'.repeat(64))).toBe(`users/${'u'.repeat(64)}/documents/${'d'.repeat(64)}`);
  });

  it.each([
    ['a slash in the document id', 'user', 'a/b'],
    ['.. as the document id', 'user', '..'],
    ['../ in the document id', 'user', '../other/documents/x'],
    ['a slash in the user id', 'a/b', 'doc'],
    ['.. as the user id', '..', 'doc'],
    ['an empty document id', 'user', ''],
    ['an empty user id', '', 'doc'],
    ['a backslash', 'user', 'a\\b'],
    ['a dot', 'user', 'file.pdf'],
    ['a space', 'user', 'a b'],
    ['a percent-encoded slash', 'user', 'a%2Fb'],
    ['a newline', 'user', 'doc\n'],
    ['an id over 64 characters', 'user', 'd'.repeat(65)],
    ['a non-ASCII letter', 'user', 'dóc'],
  ])('refuses %s', (_label, userId, documentId) => {
    expect(() => documentKey(userId, documentId)).toThrow();
  });

  it('refuses such ids before R2 is asked, in put and get alike', async () => {
    await expect(putUserDocument(env, 'user', '../x', 'body', 'text/plain')).rejects.toThrow();
    await expect(getUserDocument(env, 'user/../other', 'doc')).rejects.toThrow();
    expect(await keysUnder('users/')).not.toContain('users/user/documents/../x');
  });
});

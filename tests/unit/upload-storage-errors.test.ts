import { describe, expect, it } from 'vitest';
import { STORAGE_ERROR_CODES, STORAGE_ERROR_MESSAGES } from '../../src/common/storage-errors';
import { storageError, storageErrorFromResponse } from '../../src/lib/upload/storage-error';

const apiError = (code: string, message = `${code} message`): unknown => ({ error: { code, message } });

describe('storage error catalogue', () => {
  it('has every code of spec §8 with the spec messages', () => {
    expect([...STORAGE_ERROR_CODES].sort()).toEqual(
      [
        'unknown',
        'object-not-found',
        'quota-exceeded',
        'unauthenticated',
        'unauthorized',
        'unauthorized-app',
        'retry-limit-exceeded',
        'canceled',
        'invalid-url',
        'invalid-format',
        'invalid-argument',
      ].sort(),
    );
    expect(STORAGE_ERROR_MESSAGES['object-not-found']).toBe('Object does not exist.');
    expect(STORAGE_ERROR_MESSAGES['retry-limit-exceeded']).toBe('Max retry time for operation exceeded, please try again.');
    expect(STORAGE_ERROR_MESSAGES.canceled).toBe('User canceled the upload/download.');
    expect(STORAGE_ERROR_MESSAGES.unauthenticated).toMatch(/^User is not authenticated/);
    expect(STORAGE_ERROR_MESSAGES.unauthorized).toMatch(/^User does not have permission to access/);
  });

  it('builds an error with defaults', () => {
    expect(storageError('canceled')).toEqual({
      code: 'storage/canceled',
      message: 'User canceled the upload/download.',
      serverCode: null,
      status: 0,
    });
  });
});

describe('storageErrorFromResponse', () => {
  it.each([
    [401, apiError('UNAUTHENTICATED'), 'storage/unauthenticated', 'UNAUTHENTICATED', STORAGE_ERROR_MESSAGES.unauthenticated],
    [402, null, 'storage/quota-exceeded', null, STORAGE_ERROR_MESSAGES['quota-exceeded']],
    [403, apiError('CROSS_ORIGIN'), 'storage/unauthorized', 'CROSS_ORIGIN', STORAGE_ERROR_MESSAGES.unauthorized],
    [404, apiError('NOT_FOUND'), 'storage/object-not-found', 'NOT_FOUND', 'Object does not exist.'],
    [
      400,
      apiError('ENCRYPTED_DOCUMENT', 'The PDF is encrypted.'),
      'storage/invalid-argument',
      'ENCRYPTED_DOCUMENT',
      'The PDF is encrypted.',
    ],
    [413, apiError('FILE_TOO_LARGE', 'Too big.'), 'storage/invalid-argument', 'FILE_TOO_LARGE', 'Too big.'],
    [415, apiError('UNSUPPORTED_FILE_TYPE', 'Not a PDF.'), 'storage/invalid-argument', 'UNSUPPORTED_FILE_TYPE', 'Not a PDF.'],
    [409, apiError('UPLOAD_INCOMPLETE', 'Not all there.'), 'storage/invalid-argument', 'UPLOAD_INCOMPLETE', 'Not all there.'],
    [400, 'not json', 'storage/unknown', null, STORAGE_ERROR_MESSAGES.unknown],
    [418, apiError('TEAPOT'), 'storage/unknown', 'TEAPOT', STORAGE_ERROR_MESSAGES.unknown],
  ])('%i %j → %s', (status, body, code, serverCode, message) => {
    expect(storageErrorFromResponse(status, body)).toEqual({ code, serverCode, message, status });
  });
});

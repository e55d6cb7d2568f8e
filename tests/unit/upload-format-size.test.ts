import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/lib/upload/format-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 KB'],
    [1, '1 KB'],
    [1536, '2 KB'],
    [312 * 1024, '312 KB'],
    [1024 * 1024, '1024 KB'],
    [1024 * 1024 + 1, '1 MB'],
    [Math.round(1.4 * 1024 * 1024), '1.4 MB'],
    [12.25 * 1024 * 1024, '12.3 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [150 * 1024 * 1024, '150 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

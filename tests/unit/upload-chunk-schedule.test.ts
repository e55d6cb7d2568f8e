import { describe, expect, it } from 'vitest';
import { chunkEnd, nextChunkSize } from '../../src/lib/upload/chunk-schedule';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('nextChunkSize', () => {
  it.each([
    [256 * KiB, true, 512 * KiB],
    [512 * KiB, true, MiB],
    [8 * MiB, true, 16 * MiB],
    [16 * MiB, true, 16 * MiB], // 32 MB would no longer be below 32 MB
    [16 * MiB, false, 256 * KiB],
    [MiB, false, 256 * KiB],
    [256 * KiB, false, 256 * KiB],
  ])('after %i bytes that succeeded: %s → %i', (current, succeeded, next) => {
    expect(nextChunkSize(current, succeeded)).toBe(next);
  });
});

describe('chunkEnd', () => {
  it.each([
    ['a chunk inside the first part', 0, 20 * MiB, 256 * KiB, 256 * KiB],
    ['a chunk cut at the part boundary', 7.75 * MiB, 20 * MiB, 8 * MiB, 8 * MiB],
    ['a whole part', 8 * MiB, 20 * MiB, 16 * MiB, 16 * MiB],
    ['the end of the file', 16 * MiB, 20 * MiB, 8 * MiB, 20 * MiB],
    ['a small file in one chunk', 0, 300 * KiB, MiB, 300 * KiB],
  ])('%s', (_label, offset, total, chunkSize, end) => {
    expect(chunkEnd(offset, total, 8 * MiB, chunkSize)).toBe(end);
  });

  it('gives the schedule a 20 MiB upload follows: doubling, never across a part', () => {
    const sizes: number[] = [];
    let chunk = 256 * KiB;
    for (let offset = 0; offset < 20 * MiB; ) {
      const end = chunkEnd(offset, 20 * MiB, 8 * MiB, chunk);
      sizes.push((end - offset) / KiB);
      expect(Math.floor(offset / (8 * MiB))).toBe(Math.floor((end - 1) / (8 * MiB)));
      offset = end;
      chunk = nextChunkSize(chunk, true);
    }
    expect(sizes).toEqual([256, 512, 1024, 2048, 4096, 256, 8192, 4096]);
  });
});

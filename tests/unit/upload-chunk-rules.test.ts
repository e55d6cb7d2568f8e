import { describe, expect, it } from 'vitest';
import { checkChunk, coverRange, partAt, type StagedPiece } from '../../worker/uploads/chunk-rules';

const MiB = 1024 * 1024;
const PART = 8 * MiB;

describe('partAt', () => {
  it.each([
    [0, 20 * MiB, { partNumber: 1, start: 0, end: PART }],
    [PART - 1, 20 * MiB, { partNumber: 1, start: 0, end: PART }],
    [PART, 20 * MiB, { partNumber: 2, start: PART, end: 2 * PART }],
    [17 * MiB, 20 * MiB, { partNumber: 3, start: 2 * PART, end: 20 * MiB }],
    [100, 3 * MiB, { partNumber: 1, start: 0, end: 3 * MiB }],
  ])('byte %i of %i', (offset, size, part) => {
    expect(partAt(offset, size, PART)).toEqual(part);
  });
});

describe('checkChunk', () => {
  it.each([
    ['a chunk inside a part', 0, MiB, 20 * MiB, null],
    ['a chunk ending a part', 7 * MiB, MiB, 20 * MiB, null],
    ['the last bytes', 19 * MiB, MiB, 20 * MiB, null],
    ['an empty chunk', 0, 0, 20 * MiB, 'EMPTY'],
    ['a chunk past the declared size', 19 * MiB, MiB + 1, 20 * MiB, 'PAST_END'],
    ['a chunk across a part boundary', 7 * MiB, 2 * MiB, 20 * MiB, 'CROSSES_PART'],
    ['a chunk longer than a part', 0, PART + 1, 20 * MiB, 'CROSSES_PART'],
  ])('%s', (_label, offset, length, size, problem) => {
    expect(checkChunk(offset, length, size, PART)).toBe(problem);
  });
});

describe('coverRange', () => {
  const piece = (start: number, end: number): StagedPiece => ({ key: `${start}-${end}`, start, end });

  it.each([
    ['nothing to cover', [], 0, 0, []],
    ['one piece', [piece(0, 10)], 0, 10, [{ key: '0-10', from: 0, to: 10 }]],
    [
      'a chain',
      [piece(10, 30), piece(0, 10)],
      0,
      30,
      [
        { key: '0-10', from: 0, to: 10 },
        { key: '10-30', from: 0, to: 20 },
      ],
    ],
    // A request that lost the race left 0–20 next to the winning 0–10 and 10–30.
    [
      'overlapping leftovers',
      [piece(0, 10), piece(0, 20), piece(10, 30)],
      0,
      30,
      [
        { key: '0-20', from: 0, to: 20 },
        { key: '10-30', from: 10, to: 20 },
      ],
    ],
    ['a range starting inside a piece', [piece(100, 200)], 150, 180, [{ key: '100-200', from: 50, to: 80 }]],
    ['a gap', [piece(0, 10), piece(11, 20)], 0, 20, null],
    ['a missing end', [piece(0, 10)], 0, 20, null],
  ])('%s', (_label, pieces, from, to, slices) => {
    expect(coverRange(pieces, from, to)).toEqual(slices);
  });
});

import { describe, expect, it } from 'vitest';
import { nextRotation, type Rotation, rotateSize } from '../../src/components/viewer/page-geometry';
import { movePage, type PageMove, pageMoveForKey } from '../../src/components/viewer/viewer-keys';
import { canZoomIn, canZoomOut, fitWidthScale, zoomIn, zoomOut, zoomPercent } from '../../src/components/viewer/viewer-zoom';

const LETTER = { width: 816, height: 1056 };
const SCROLLED = { scrollTop: 200, scrollHeight: 2000, clientHeight: 600 };
const AT_TOP = { ...SCROLLED, scrollTop: 0 };
const AT_BOTTOM = { ...SCROLLED, scrollTop: 1400 };

describe('the fax viewer rules', () => {
  it.each([
    [1, 1.1],
    [0.83, 0.9],
    [0.995, 1.1],
    [3.5, 4],
    [4, 4],
  ])('zooms in from %d to %d', (from, to) => expect(zoomIn(from)).toBe(to));

  it.each([
    [1, 0.9],
    [0.83, 0.75],
    [1.005, 0.9],
    [0.25, 0.25],
  ])('zooms out from %d to %d', (from, to) => expect(zoomOut(from)).toBe(to));

  it('stops at 25% and 400%, and shows whole percents', () => {
    expect([canZoomOut(0.25), canZoomIn(4), canZoomOut(0.3), canZoomIn(3.9)]).toEqual([false, false, true, true]);
    expect(zoomPercent(0.8333)).toBe(83);
  });

  it.each([
    [680, LETTER, 680 / 816],
    [0, LETTER, 1],
    [20_000, LETTER, 4],
    [100, LETTER, 0.25],
  ])('fits %d px of width to a page of %j at %d', (width, size, scale) => expect(fitWidthScale(width, size)).toBeCloseTo(scale));

  it.each<[Rotation, Rotation, { width: number; height: number }]>([
    [0, 90, { width: 1056, height: 816 }],
    [90, 180, LETTER],
    [180, 270, { width: 1056, height: 816 }],
    [270, 0, LETTER],
  ])('turns %d° to %d° clockwise, the page measuring %j', (from, to, size) => {
    expect(nextRotation(from)).toBe(to);
    expect(rotateSize(LETTER, to)).toEqual(size);
  });

  it.each<[string, typeof SCROLLED | null, PageMove | null]>([
    ['PageDown', SCROLLED, 'next'],
    ['PageUp', SCROLLED, 'previous'],
    ['ArrowRight', SCROLLED, 'next'],
    ['ArrowLeft', SCROLLED, 'previous'],
    ['ArrowDown', SCROLLED, null],
    ['ArrowDown', AT_BOTTOM, 'next'],
    ['ArrowUp', SCROLLED, null],
    ['ArrowUp', AT_TOP, 'previous'],
    ['ArrowDown', null, 'next'],
    ['Home', SCROLLED, 'first'],
    ['End', SCROLLED, 'last'],
    ['a', null, null],
  ])('%s with the view at %j turns to the %s page', (key, view, move) => expect(pageMoveForKey(key, view)).toBe(move));

  it.each<[number, PageMove, number]>([
    [1, 'previous', 1],
    [2, 'previous', 1],
    [3, 'next', 3],
    [1, 'next', 2],
    [2, 'first', 1],
    [1, 'last', 3],
  ])('from page %d of 3, %s goes to page %d', (page, move, to) => expect(movePage(page, move, 3)).toBe(to));
});

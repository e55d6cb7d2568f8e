import { describe, expect, it } from 'vitest';
import { doubleTapZoom, isDoubleTap, pinchScale, scrollToKeep, swipeTurn } from '../../src/components/viewer/page-gestures';

// What a finger on a fax's page means on a phone: a swipe turns the page, two
// fingers pinch the zoom, a double tap zooms in and back.

const PHONE_VIEW = 359;

describe('a swipe', () => {
  it.each<[string, number, number, number, ReturnType<typeof swipeTurn>]>([
    ['to the left turns to the next page', -120, 10, 300, 'next'],
    ['to the right turns back', 120, -10, 300, 'previous'],
    ['a short quick flick turns', -40, 0, 60, 'next'],
    ['a short slow drag does not', -40, 0, 400, null],
    ['mostly upright is a scroll', -90, 80, 300, null],
    ['a tap is nothing', 4, 3, 80, null],
  ])('%s', (_, dx, dy, ms, expected) => expect(swipeTurn(dx, dy, ms, PHONE_VIEW)).toBe(expected));

  it('needs less on a narrow view: a fifth of it', () => {
    expect(swipeTurn(-50, 0, 500, 240)).toBe('next');
    expect(swipeTurn(-50, 0, 500, PHONE_VIEW)).toBeNull();
  });
});

describe('a pinch and a double tap', () => {
  it('zoom as far as the fingers spread, within 25% and 400%', () => {
    expect(pinchScale(0.5, 100, 200)).toBe(1);
    expect(pinchScale(0.5, 100, 10)).toBe(0.25);
    expect(pinchScale(2, 100, 400)).toBe(4);
    expect(pinchScale(1, 0, 100)).toBe(1);
  });

  it('counts two taps close in time and place as a double tap', () => {
    const first = { at: 1000, point: { x: 100, y: 100 } };
    expect(isDoubleTap(first, { at: 1250, point: { x: 110, y: 95 } })).toBe(true);
    expect(isDoubleTap(first, { at: 1500, point: { x: 100, y: 100 } })).toBe(false);
    expect(isDoubleTap(first, { at: 1200, point: { x: 200, y: 100 } })).toBe(false);
    expect(isDoubleTap(null, first)).toBe(false);
  });

  it('zooms in to twice the width, and back to the width once zoomed', () => {
    expect(doubleTapZoom(0.44, 0.44)).toBe(0.88);
    expect(doubleTapZoom(0.88, 0.44)).toBe('fit');
    expect(doubleTapZoom(3, 3)).toBe(4);
  });

  it('keeps the point under the fingers where it was', () => {
    expect(scrollToKeep({ x: 0, y: 0 }, { x: 100, y: 200 }, 2)).toEqual({ x: 100, y: 200 });
    expect(scrollToKeep({ x: 50, y: 0 }, { x: 100, y: 100 }, 0.5)).toEqual({ x: 0, y: 0 });
  });
});

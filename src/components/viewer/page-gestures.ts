import { clampZoom } from './viewer-zoom';

// What a finger on the page means, with no DOM: a swipe turns the page, two fingers pinch the
// zoom, a double tap zooms in (or back to the width). Unit-tested; use-page-gestures.ts feeds it.

export interface Point {
  x: number;
  y: number;
}

/** A swipe goes at least this far sideways (CSS pixels), or a fifth of the view if that is less. */
const SWIPE_DISTANCE = 72;
/** A quick flick counts from this far, at this speed (px/ms). */
const FLICK_DISTANCE = 32;
const FLICK_SPEED = 0.45;
/** A tap moves less than this, and a double tap is two taps this close in time and place. */
const TAP_SLOP = 12;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_SLOP = 32;
/** A double tap zooms to this many times the width's scale. */
const DOUBLE_TAP_ZOOM = 2;

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Sideways more than up or down: the finger means to turn the page, not to scroll it. */
export function isSideways(dx: number, dy: number): boolean {
  return Math.abs(dx) > TAP_SLOP && Math.abs(dx) > Math.abs(dy) * 1.5;
}

/**
 * The page a finger lifted after moving (dx, dy) in `ms` asks for: to the left is the next page,
 * as a book's leaf turns; too short, too slow or too upright is none.
 */
export function swipeTurn(dx: number, dy: number, ms: number, viewWidth: number): 'next' | 'previous' | null {
  if (!isSideways(dx, dy)) return null;
  const far = Math.abs(dx) >= Math.min(SWIPE_DISTANCE, viewWidth / 5);
  const flick = Math.abs(dx) >= FLICK_DISTANCE && Math.abs(dx) / Math.max(ms, 1) >= FLICK_SPEED;
  if (!far && !flick) return null;
  return dx < 0 ? 'next' : 'previous';
}

/** The scale two fingers ask for: the one they started at, grown as far as they spread. */
export function pinchScale(startScale: number, startDistance: number, nowDistance: number): number {
  if (startDistance <= 0) return startScale;
  return clampZoom(startScale * (nowDistance / startDistance));
}

export function isTap(start: Point, end: Point): boolean {
  return distance(start, end) < TAP_SLOP;
}

export function isDoubleTap(last: { at: number; point: Point } | null, now: { at: number; point: Point }): boolean {
  return last !== null && now.at - last.at <= DOUBLE_TAP_MS && distance(last.point, now.point) <= DOUBLE_TAP_SLOP;
}

/** A double tap zooms in to twice the width, and back to the width once zoomed in. */
export function doubleTapZoom(scale: number, fitScale: number): 'fit' | number {
  return scale > fitScale * 1.2 ? 'fit' : clampZoom(fitScale * DOUBLE_TAP_ZOOM);
}

/**
 * Where to scroll so the point under the fingers (`anchor`, from the view's corner) stays under
 * them once the page is `ratio` times as large.
 */
export function scrollToKeep(scroll: Point, anchor: Point, ratio: number): Point {
  return { x: Math.max(0, (scroll.x + anchor.x) * ratio - anchor.x), y: Math.max(0, (scroll.y + anchor.y) * ratio - anchor.y) };
}

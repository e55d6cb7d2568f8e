import type { PageSize } from './page-geometry';

// Zoom in fixed steps, as in most document viewers, so "in" then "out" comes back to where it was.

/** 'fit': the page as wide as the view, following its size; a number: that scale (1 is 100%). */
export type Zoom = 'fit' | number;

const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;
const MIN_ZOOM = ZOOM_STEPS[0];
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
/** Steps closer than this to the current scale count as the current one. */
const SAME_STEP = 0.01;

/** A scale within the viewer's range (25% to 400%), as a pinch may ask for any. */
export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The scale at which a page of `size` (as turned on screen) fills `width` CSS pixels. */
export function fitWidthScale(width: number, size: PageSize): number {
  if (width <= 0 || size.width <= 0) return 1;
  return clampZoom(width / size.width);
}

export function zoomIn(scale: number): number {
  return ZOOM_STEPS.find((step) => step > scale + SAME_STEP) ?? MAX_ZOOM;
}

export function zoomOut(scale: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - SAME_STEP) ?? MIN_ZOOM;
}

export function canZoomIn(scale: number): boolean {
  return scale < MAX_ZOOM - SAME_STEP;
}

export function canZoomOut(scale: number): boolean {
  return scale > MIN_ZOOM + SAME_STEP;
}

export function zoomPercent(scale: number): number {
  return Math.round(scale * 100);
}

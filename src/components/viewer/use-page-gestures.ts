import { type RefObject, useEffect, useRef } from 'react';
import { distance, doubleTapZoom, isDoubleTap, isSideways, isTap, midpoint, type Point, pinchScale, swipeTurn } from './page-gestures';
import type { Zoom } from './viewer-zoom';

interface Options {
  /** The scale the page is drawn at, and the one that fits the view's width. */
  scale: number;
  fitScale: number;
  /** False while the page is wider than the view: then a sideways finger scrolls it. */
  canSwipe: boolean;
  onTurn: (move: 'next' | 'previous') => void;
  /** A new zoom, and the point of the view (from its corner) to keep under the fingers. */
  onZoom: (zoom: Zoom, anchor: Point) => void;
}

/**
 * Fingers on the page view (touch and pen; a mouse has the toolbar and keys): a swipe turns the
 * page, following the finger as it goes; two fingers pinch the zoom (the page grows under them at
 * once, drawn anew at the new scale when they lift); a double tap zooms in or back. The view's
 * touch-action (viewer.css) leaves the browser the vertical scroll and no zoom of its own.
 */
export function usePageGestures(viewRef: RefObject<HTMLElement | null>, options: Options): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const pointers = new Map<number, Point>();
    let swipe: { id: number; start: Point; at: number } | null = null;
    let pinch: { startDistance: number; startScale: number; ratio: number; center: Point } | null = null;
    let lastTap: { at: number; point: Point } | null = null;

    const page = (): HTMLElement | null => view.querySelector<HTMLElement>('.viewer-page');
    const follow = (transform: string, origin = '', settle = false): void => {
      const element = page();
      if (!element) return;
      element.style.transition = settle ? 'transform var(--duration) var(--ease)' : '';
      element.style.transformOrigin = origin;
      element.style.transform = transform;
    };
    const inView = (point: Point): Point => {
      const box = view.getBoundingClientRect();
      return { x: point.x - box.left, y: point.y - box.top };
    };

    const down = (event: PointerEvent): void => {
      if (event.pointerType === 'mouse') return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) swipe = { id: event.pointerId, start: { x: event.clientX, y: event.clientY }, at: event.timeStamp };
      if (pointers.size !== 2) return;
      const [a, b] = [...pointers.values()] as [Point, Point];
      swipe = null;
      follow('');
      pinch = { startDistance: distance(a, b), startScale: latest.current.scale, ratio: 1, center: midpoint(a, b) };
    };

    const move = (event: PointerEvent): void => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && pointers.size >= 2) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        pinch.ratio = pinchScale(pinch.startScale, pinch.startDistance, distance(a, b)) / pinch.startScale;
        pinch.center = midpoint(a, b);
        const box = page()?.getBoundingClientRect();
        const origin = box ? `${pinch.center.x - box.left}px ${pinch.center.y - box.top}px` : '';
        follow(`scale(${pinch.ratio})`, origin);
      } else if (swipe?.id === event.pointerId && latest.current.canSwipe) {
        const dx = event.clientX - swipe.start.x;
        if (isSideways(dx, event.clientY - swipe.start.y)) follow(`translateX(${dx}px)`);
      }
    };

    const up = (event: PointerEvent): void => {
      if (!pointers.delete(event.pointerId)) return;
      if (pinch) {
        // The finger left behind after a pinch neither swipes nor taps.
        swipe = null;
        if (pointers.size >= 2) return;
        const { ratio, startScale, center } = pinch;
        pinch = null;
        follow('');
        if (Math.abs(ratio - 1) > 0.02) latest.current.onZoom(startScale * ratio, inView(center));
        return;
      }
      if (swipe?.id !== event.pointerId) return;
      const { start, at } = swipe;
      swipe = null;
      const end = { x: event.clientX, y: event.clientY };
      // The browser took the finger over (a scroll): the page goes back where it was.
      if (event.type === 'pointercancel') {
        follow('', '', true);
        return;
      }
      const { canSwipe, scale, fitScale, onTurn, onZoom } = latest.current;
      const turn = canSwipe ? swipeTurn(end.x - start.x, end.y - start.y, event.timeStamp - at, view.clientWidth) : null;
      follow('', '', turn === null);
      if (turn) {
        onTurn(turn);
        return;
      }
      if (!isTap(start, end)) return;
      const tap = { at: event.timeStamp, point: end };
      if (!isDoubleTap(lastTap, tap)) {
        lastTap = tap;
        return;
      }
      lastTap = null;
      onZoom(doubleTapZoom(scale, fitScale), inView(end));
    };

    view.addEventListener('pointerdown', down);
    view.addEventListener('pointermove', move);
    view.addEventListener('pointerup', up);
    view.addEventListener('pointercancel', up);
    return () => {
      view.removeEventListener('pointerdown', down);
      view.removeEventListener('pointermove', move);
      view.removeEventListener('pointerup', up);
      view.removeEventListener('pointercancel', up);
    };
  }, [viewRef]);
}

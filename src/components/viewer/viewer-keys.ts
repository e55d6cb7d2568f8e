// Keys that turn pages while the page view or the thumbnails have focus. Up and Down scroll a page
// taller than the view first, and turn the page only at its top or bottom edge.

export type PageMove = 'previous' | 'next' | 'first' | 'last';

interface Scroller {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

function atBottom(view: Scroller): boolean {
  return view.scrollTop + view.clientHeight >= view.scrollHeight - 1;
}

export function pageMoveForKey(key: string, view: Scroller | null): PageMove | null {
  switch (key) {
    case 'PageDown':
    case 'ArrowRight':
      return 'next';
    case 'PageUp':
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowDown':
      return !view || atBottom(view) ? 'next' : null;
    case 'ArrowUp':
      return !view || view.scrollTop <= 0 ? 'previous' : null;
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

export function movePage(page: number, move: PageMove, pageCount: number): number {
  switch (move) {
    case 'previous':
      return Math.max(1, page - 1);
    case 'next':
      return Math.min(pageCount, page + 1);
    case 'first':
      return 1;
    case 'last':
      return pageCount;
  }
}

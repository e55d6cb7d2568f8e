import { type RefObject, useEffect, useState } from 'react';
import type { FaxDocument } from './fax-document';
import type { Rotation } from './page-geometry';

export type PageRenderStatus = 'waiting' | 'rendering' | 'done' | 'failed';

interface PageRenderRequest {
  document: FaxDocument;
  pageNumber: number;
  scale: number;
  rotation: Rotation;
  /** False holds the drawing back (a thumbnail scrolled out of sight). */
  enabled?: boolean;
}

/**
 * Draws a page onto the canvas in `canvasRef` at device resolution. Each drawing goes to a canvas
 * of its own and is copied over when complete, so the old picture stays until the new one is ready
 * (no blank flash while zooming) and a cancelled drawing never leaves half a page.
 */
export function usePageRender(canvasRef: RefObject<HTMLCanvasElement | null>, request: PageRenderRequest): PageRenderStatus {
  const { document, pageNumber, scale, rotation, enabled = true } = request;
  const [status, setStatus] = useState<PageRenderStatus>('waiting');

  useEffect(() => {
    if (!enabled) {
      setStatus('waiting');
      return;
    }
    setStatus('rendering');
    const job = document.renderPage(pageNumber, { scale, rotation, pixelRatio: window.devicePixelRatio || 1 });
    let current = true;
    job.canvas.then(
      (drawn) => {
        const target = canvasRef.current;
        if (!current || !drawn || !target) return;
        target.width = drawn.width;
        target.height = drawn.height;
        target.getContext('2d')?.drawImage(drawn, 0, 0);
        setStatus('done');
      },
      () => {
        if (current) setStatus('failed');
      },
    );
    return () => {
      current = false;
      job.cancel();
    };
  }, [canvasRef, document, pageNumber, scale, rotation, enabled]);

  return status;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { coverPageSchema } from '../../src/common/cover-page';
import { currentViewer } from '../auth/viewer';
import { renderCoverPage } from '../documents/cover-page';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';

const coverPagePreviewSchema = z.object({
  coverpage: coverPageSchema,
  // Pages of the document; the cover adds one. 0 while no document is chosen yet.
  pageCount: z.number().int().min(0).max(10_000),
});

export const coverPagesApi = new Hono<AppEnv>().post(
  '/coverPagePreview',
  // Signed in first, so a signed-out caller learns nothing about what the body should be.
  async (c, next) => {
    currentViewer(c);
    await next();
  },
  validate('json', coverPagePreviewSchema),
  async (c) => {
    const { coverpage, pageCount } = c.req.valid('json');
    const pdf = await renderCoverPage(coverpage, pageCount + 1);
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="cover-page.pdf"',
      'Cache-Control': 'no-store',
    });
  },
);

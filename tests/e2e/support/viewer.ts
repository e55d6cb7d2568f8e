// Looking at the pdf.js fax viewer as a user would: is there ink on a page, what zoom does it say.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** How many pixels of the canvas are clearly not white, once something has been drawn on it. */
export async function waitForInk(canvas: Locator): Promise<number> {
  const handle = await canvas.elementHandle();
  const inked = await canvas.page().waitForFunction((element) => {
    const target = element as HTMLCanvasElement | null;
    const context = target?.getContext('2d');
    if (!target || !context || target.width < 2) return 0;
    const { data } = context.getImageData(0, 0, target.width, target.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3]! > 0 && (data[index]! < 200 || data[index + 1]! < 200 || data[index + 2]! < 200)) count += 1;
    }
    return count;
  }, handle);
  return (await inked.jsonValue()) as number;
}

/** The zoom the toolbar shows, in percent. */
export async function zoomShown(viewer: Locator): Promise<number> {
  const text = (await viewer.locator('.viewer-zoom').textContent()) ?? '';
  const match = /(\d+)%/.exec(text);
  assert.ok(match, `the zoom is shown in % (saw "${text}")`);
  return Number(match[1]);
}

/** The page's own bitmap, width over height, once the drawing for the current view has landed. */
export async function bitmapAspect(viewer: Locator, canvas: Locator): Promise<number> {
  await viewer.getByRole('region', { name: 'Page view' }).and(viewer.page().locator('[aria-busy="false"]')).waitFor();
  return canvas.evaluate((element) => (element as HTMLCanvasElement).width / (element as HTMLCanvasElement).height);
}

/**
 * Zoom in, out and back to fit width, then a quarter turn: what every fax's viewer must do, sent
 * or received. Leaves the first page turned.
 */
export async function checkZoomAndRotation(viewer: Locator, firstPage: Locator): Promise<void> {
  const fitWidth = viewer.getByRole('button', { name: 'Fit width' });
  const fitted = await zoomShown(viewer);
  assert.equal(await fitWidth.getAttribute('aria-pressed'), 'true', 'fit width is the default');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await zoomShown(viewer);
  assert.ok(zoomed > fitted, `zoom in went from ${fitted}% to ${zoomed}%`);
  assert.equal(await fitWidth.getAttribute('aria-pressed'), 'false');
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  assert.ok((await zoomShown(viewer)) < zoomed, 'zoom out goes back down');
  await fitWidth.click();
  assert.equal(await zoomShown(viewer), fitted, 'fit width comes back to the fitted size');

  assert.ok((await bitmapAspect(viewer, firstPage)) < 1, 'a US Letter page stands upright');
  await viewer.getByRole('button', { name: 'Rotate clockwise' }).click();
  await viewer.page().waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.viewer-page');
    return canvas !== null && canvas.width > canvas.height;
  });
  assert.ok((await bitmapAspect(viewer, firstPage)) > 1, 'turned a quarter, the page lies on its side');
  assert.ok((await waitForInk(firstPage)) > 100, 'the turned page is drawn');
}

/** Opens a fax page's "⋯" menu (FaxActions) and answers it, its items found by role menuitem. */
export async function openFaxActions(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu', { name: 'More actions' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'More actions' }).click();
  await menu.waitFor();
  return menu;
}

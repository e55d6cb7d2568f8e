import type { Locator, Page } from 'playwright-core';

// /send's composer as a person finds it: the To field, its chips, and a paste into it.

/** The To field: contacts and numbers as chips. */
export function toField(page: Page): Locator {
  return page.getByRole('combobox', { name: 'To' });
}

/** The To field's chips, as a person reads them. */
export async function recipients(page: Page): Promise<string[]> {
  const chips = page.getByRole('list', { name: 'Recipients' }).getByRole('listitem');
  return (await chips.allTextContents()).map((text) => text.trim());
}

/** Pastes text into the field that has focus, as Ctrl+V does. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

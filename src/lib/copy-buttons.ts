// Copy buttons with no island (docs/design.md, "App chrome"): any <button data-copy="text"> on a
// page of the app copies its text, shows its tick for two seconds (`data-copied`, CSS swaps the
// icons) and says so in the page's copy live region. One listener for every such button, written
// inline (src/integrations/inline-copy-buttons.ts): the user's number is copied from the sidebar,
// the phone's More menu and the dashboard without a byte of an island's script.

const SHOWN_MS = 2000;

function say(words: string): void {
  const region = document.getElementById('copy-status');
  if (region) region.textContent = words;
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const text = button.dataset.copy ?? '';
  try {
    await navigator.clipboard.writeText(text);
    button.dataset.copied = 'true';
    say(button.dataset.copiedWords ?? '');
  } catch {
    say(button.dataset.copyFailedWords ?? '');
  }
  setTimeout(() => {
    delete button.dataset.copied;
    say('');
  }, SHOWN_MS);
}

export function startCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-copy]');
    if (button instanceof HTMLButtonElement) void copy(button);
  });
}

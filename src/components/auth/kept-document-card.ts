import { dropKeptDocumentFlag, hasKeptDocument } from '../../lib/kept-document-flag';
import type { KeptSummary } from '../../stores/kept-document';

// The behaviour of KeptDocument.astro: choosing or dropping a file keeps it (the IndexedDB code
// loads then, stores/kept-document.ts), the card shows it with a way to remove it, or says inside
// the card why it cannot be faxed. Events are listened to on the card itself, so the island around
// it (the sign-in form) can hydrate and re-render without losing them.

const keeper = () => import('../../stores/kept-document');

export function watchKeptDocument(card: HTMLElement): void {
  const title = card.querySelector('h2');
  const zone = card.querySelector<HTMLElement>('.drop-zone');
  const file = card.querySelector<HTMLElement>('[data-kept-file]');
  const problem = card.querySelector<HTMLElement>('[data-kept-problem]');
  const emptyTitle = title?.textContent ?? '';
  const words = card.dataset;

  function show(kept: KeptSummary | null): void {
    if (title) title.textContent = kept ? (words.keptTitle ?? emptyTitle) : emptyTitle;
    if (zone) zone.hidden = kept !== null;
    if (file) file.hidden = kept === null;
    card.querySelector('[data-kept-name]')!.textContent = kept?.name ?? '';
    card.querySelector('[data-kept-size]')!.textContent = kept?.size ?? '';
  }

  function say(sentence: string): void {
    const line = document.createElement('p');
    line.className = 'field-error';
    line.textContent = sentence;
    problem?.replaceChildren(...(sentence ? [line] : []));
    card.querySelector('[data-keep-input]')?.toggleAttribute('aria-invalid', sentence !== '');
  }

  async function keep(chosen: File | undefined): Promise<void> {
    if (!chosen) return;
    say('');
    try {
      const answer = await (await keeper()).keepDocument(chosen);
      if (answer === 'unsupportedType') say((words.unsupportedType ?? '').replace('{name}', chosen.name));
      else if (answer === 'tooLarge') say(words.tooLarge ?? '');
      else show(answer);
    } catch {
      say(words.failed ?? '');
    }
  }

  card.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches('[data-keep-input]')) void keep(input.files?.[0]).finally(() => (input.value = ''));
  });
  card.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone?.classList.add('dragging');
  });
  card.addEventListener('dragleave', () => zone?.classList.remove('dragging'));
  card.addEventListener('drop', (event) => {
    event.preventDefault();
    zone?.classList.remove('dragging');
    void keep(event.dataTransfer?.files[0]);
  });
  card.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-forget]')) return;
    show(null);
    // At once, with what the card shows: a reload or /send right after Remove finds nothing kept,
    // even before the IndexedDB code has loaded and deleted the file.
    dropKeptDocumentFlag();
    void keeper().then(
      (door) => door.forgetKeptDocument(),
      () => undefined,
    );
  });
  // Kept before (a reload, a way back from sign-in): shown as kept.
  if (hasKeptDocument())
    void keeper().then(
      (door) => door.readKeptDocument().then(show),
      () => undefined,
    );
}

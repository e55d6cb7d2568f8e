// Nothing typed, ticked, picked or dropped before an island hydrates is lost (decision 034).
// A page's HTML is usable a second or two before its islands are. This script, written inline in
// the head of every page of the app (src/integrations/inline-before-hydration.ts), runs before any
// of them. Until an island has hydrated it keeps a submit of a form inside it from leaving the page
// (and shows the form's button busy), and a file dropped on it in its file input rather than letting
// the browser open it. When Astro says the island is hydrating, what the person did is handed to the
// island's own handlers as though done then: each changed field's input, change or click event
// (and the focusout of a text field they have left), then the submit. No island does anything for
// it: their fields only have to report through onChange/onInput, and their forms through onSubmit.
// A part of an island that loads its code later (a lazy component) keeps a button pressed in it
// the same way, and acts on it once loaded (loading-part.ts, decision 056).

import { LOADING_PART, PRESSED_EARLY } from './loading-part';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What a person left in a field: its text, whether it is ticked, which options are chosen, or true for picked files. */
type Change = string | boolean | boolean[];

const UNREADY = 'astro-island[ssr]';
/** On a form submitted before its island was ready, and on the button it was submitted with. */
const SUBMITTED = 'data-submitted';

const fire = (target: EventTarget, type: string, bubbles = true): boolean => target.dispatchEvent(new Event(type, { bubbles }));

/** What the person left in `field`, when they changed it from what the page came with (the browser's dirty flags). */
function changeIn(field: Field): Change | undefined {
  if (field.disabled) return;
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].map((option) => option.selected);
    return [...field.options].some((option, i) => chosen[i] !== option.defaultSelected) ? chosen : undefined;
  }
  if (field.type === 'file') return (field as HTMLInputElement).files?.length ? true : undefined;
  if (field.type === 'checkbox' || field.type === 'radio') {
    const { checked, defaultChecked, type } = field as HTMLInputElement;
    // Of a radio group, the one now chosen speaks for it.
    return checked !== defaultChecked && (checked || type === 'checkbox') ? checked : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

/** Puts the change back (hydrating may have drawn the field afresh) and makes the island hear it, as React hears one from a person. */
function replay(field: Field, change: Change): void {
  if (field instanceof HTMLSelectElement) {
    for (const [i, option] of [...field.options].entries()) option.selected = (change as boolean[])[i] ?? false;
    fire(field, 'change');
  } else if (field.type === 'file') fire(field, 'change');
  else if (field.type === 'checkbox' || field.type === 'radio') {
    // A tick is a click that changed `checked` from what React last saw: the opposite, then a click.
    (field as HTMLInputElement).checked = !change;
    field.click();
  } else {
    // Typing is an input event whose value differs from the one React last saw: React's own setter
    // on the element is given another, and the typed value is put past it, through the prototype's.
    field.value = change ? '' : ' ';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, change);
    fire(field, 'input');
    // Left, not still being typed in: the island hears it left too (onBlur), e.g. /send's To field
    // makes the number a chip.
    if (field !== document.activeElement) fire(field, 'focusout');
  }
}

/** `island` is hydrating: what was done in it is done again, the submit last. */
function takeOver(island: Element): void {
  const own = (element: Element): boolean => element.closest('astro-island') === island;
  // Read before React has the island: hydrating may draw a field afresh from the island's state.
  const changes = [...island.querySelectorAll<Field>('input,textarea,select')]
    .filter(own)
    .map((field) => [field, changeIn(field)] as const)
    .filter((entry): entry is readonly [Field, Change] => entry[1] !== undefined);
  const forms = [...island.querySelectorAll<HTMLFormElement>(`form[${SUBMITTED}]`)].filter(own);
  const first = changes[0]?.[0] ?? forms[0];
  if (!first) return;
  // Astro has only started React's hydration, which runs in slices. React hydrates an island at once
  // when an event it listens to reaches an element in it; this one, not bubbling, is heard by no
  // component (none listens to onResetCapture).
  fire(first, 'reset', false);
  for (const [field, change] of changes) if (field.isConnected) replay(field, change);
  // After the events above have reached the island's state, so that its submit handler sees them.
  setTimeout(() => {
    for (const form of forms) {
      const button = form.querySelector<HTMLButtonElement>(`[${SUBMITTED}]`);
      for (const element of [form, button]) element?.removeAttribute(SUBMITTED);
      button?.removeAttribute('aria-busy');
      if (form.isConnected) form.requestSubmit(button?.form === form ? button : null);
    }
  });
}

export function keepWhatIsDoneBeforeHydration(): void {
  addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!form.closest(UNREADY)) return;
      event.preventDefault();
      form.querySelector(`[${SUBMITTED}]`)?.removeAttribute(SUBMITTED);
      const button = (event as SubmitEvent).submitter ?? form.querySelector('[type=submit]');
      for (const element of [form, button]) element?.setAttribute(SUBMITTED, '');
      button?.setAttribute('aria-busy', 'true');
    },
    true,
  );
  for (const type of ['dragover', 'drop'])
    addEventListener(
      type,
      (event) => {
        const island = (event.target as Element).closest?.(UNREADY);
        if (!island) return;
        event.preventDefault();
        const files = (event as DragEvent).dataTransfer?.files;
        const input = island.querySelector<HTMLInputElement>('input[type=file]');
        if (input && files?.length) input.files = files;
      },
      true,
    );
  // A button of a part still loading its code (loading-part.ts): the part acts on it once ready.
  addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest?.('button');
      if (!button?.closest(`[${LOADING_PART}]`)) return;
      event.preventDefault();
      event.stopPropagation();
      button.setAttribute(PRESSED_EARLY, '');
      button.setAttribute('aria-busy', 'true');
    },
    true,
  );
  // Astro's event on an island once it has handed it to React (it does not bubble: caught on the way down).
  addEventListener('astro:hydrate', (event) => takeOver(event.target as Element), true);
}

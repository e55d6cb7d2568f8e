// What a person typed into a settings form and has not saved: a field whose value is not the one
// it was rendered with. A saved form puts the saved value back as the field's default (React does
// for the profile's `defaultValue`) or is reset, so only unsaved words count. A dialog's field (the
// word that confirms a deletion) is not something to keep.
const TYPED = 'form input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"]), form textarea';

export function holdsUnsavedWords(root: ParentNode): boolean {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)].some(
    (field) => field.value !== field.defaultValue && field.closest('dialog') === null,
  );
}

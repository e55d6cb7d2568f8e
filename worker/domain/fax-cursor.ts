import type { FaxPosition } from '../db/store/faxes';

// The opaque `cursor` of a fax list page: the (start, id) of the last fax on the previous page.

export function encodeFaxCursor(position: FaxPosition): string {
  return btoa(`${position.start}:${position.id}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The position a cursor names, or null for anything that is not one of ours. */
export function decodeFaxCursor(cursor: string): FaxPosition | null {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^(\d{1,15}):([\w-]{1,64})$/.exec(text);
  return match ? { start: Number(match[1]), id: match[2]! } : null;
}

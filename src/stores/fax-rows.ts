import type { FaxView } from '../common/faxes';

/**
 * Rows read again, each kept at the version shown when that is newer: a push that came while the
 * read was on its way (a catch-up read runs while faxes move on) is never undone by its answer.
 */
export function newerRows(shown: readonly FaxView[], fresh: readonly FaxView[]): FaxView[] {
  const byId = new Map(shown.map((fax) => [fax.id, fax]));
  return fresh.map((fax) => {
    const mine = byId.get(fax.id);
    return mine && mine.updated > fax.updated ? mine : fax;
  });
}

import type { FaxTotals, FaxView, ReceiveStatus, SendStatus } from '../common/faxes';

// How the dashboard's documents follow a pushed `fax.updated` (the fax row as it is now, and the
// user's fax figures after the change), with no read of the server: the same rules the server
// uses to build them (UserHub.sendStatus and receiveStatus, worker/live/user-hub.ts). Pushes may
// come out of order: a fax never goes back to an older version of itself (`updated`).

const IN_FLIGHT: ReadonlySet<FaxView['status']> = new Set(['QUEUED', 'SENDING']);

/** A document and what the page has heard of since it arrived. */
export interface Followed<D> {
  doc: D;
  /** The newest version (`updated`) heard of each fax. */
  versions: Readonly<Record<string, number>>;
  /** Sent faxes still on their way, as last heard: the next "sending" when the current one ends. */
  inFlight: Readonly<Record<string, FaxView>>;
}

export function follow<D>(doc: D): Followed<D> {
  return { doc, versions: {}, inFlight: {} };
}

/** Newest first, as the server orders a history: by start, then by id. */
function isNewer(a: FaxView, b: FaxView): boolean {
  return a.start > b.start || (a.start === b.start && a.id > b.id);
}

/** Whether `fax` is older than a version of it already heard of (then it changes nothing). */
function isStale(versions: Readonly<Record<string, number>>, fax: FaxView): boolean {
  const heard = versions[fax.id];
  return heard !== undefined && heard > fax.updated;
}

/** The newest of the faxes still on their way, or null. */
function newestInFlight(inFlight: Readonly<Record<string, FaxView>>): FaxView | null {
  let newest: FaxView | null = null;
  for (const fax of Object.values(inFlight)) if (!newest || isNewer(fax, newest)) newest = fax;
  return newest;
}

/** The send document after a pushed change of a sent fax (a received one changes nothing). */
export function withSentFax(state: Followed<SendStatus>, fax: FaxView, totals: FaxTotals): Followed<SendStatus> {
  if (fax.direction !== 'SEND' || isStale(state.versions, fax)) return state;
  const inFlight = { ...state.inFlight };
  // A scheduled fax not started yet is not on its way.
  if (IN_FLIGHT.has(fax.status) && fax.sendAt === null) inFlight[fax.id] = fax;
  else delete inFlight[fax.id];
  const { sendingFax, lastSentEntry } = state.doc;
  // The server's "sending" is the newest fax still on its way; one the page never heard of shows
  // up at its next push (a fax on its way pushes at every page).
  const keepsSending = sendingFax && sendingFax.id !== fax.id && !inFlight[sendingFax.id] ? sendingFax : null;
  const candidates = keepsSending ? { ...inFlight, [keepsSending.id]: keepsSending } : inFlight;
  const last = !lastSentEntry || lastSentEntry.id === fax.id || isNewer(fax, lastSentEntry) ? fax : lastSentEntry;
  return {
    doc: { sendingFax: newestInFlight(candidates), lastSentEntry: last, lifetimeSendCount: totals.lifetimeSendCount },
    versions: { ...state.versions, [fax.id]: fax.updated },
    inFlight,
  };
}

/** Newest arrival first, as the server picks `lastReceivedEntry`: by completion, then by id. */
function arrivedLater(a: FaxView, b: FaxView): boolean {
  const [ac, bc] = [a.completed ?? 0, b.completed ?? 0];
  return ac > bc || (ac === bc && a.id > b.id);
}

/** The receive document after a pushed change of a received fax (a sent one changes nothing). */
export function withReceivedFax(state: Followed<ReceiveStatus>, fax: FaxView, totals: FaxTotals): Followed<ReceiveStatus> {
  if (fax.direction !== 'RECEIVE' || isStale(state.versions, fax)) return state;
  const receivingFax = { ...state.doc.receivingFax };
  if (fax.status === 'RECEIVING') {
    receivingFax[fax.id] = { start: fax.start, remoteDisplay: fax.remoteDisplay, pagesReceived: fax.pagesSent };
  } else {
    delete receivingFax[fax.id];
  }
  const last = state.doc.lastReceivedEntry;
  const lastReceivedEntry = fax.status === 'RECEIVED' && (!last || last.id === fax.id || arrivedLater(fax, last)) ? fax : last;
  return {
    doc: { receivingFax, lastReceivedEntry, lifetimeReceiveCount: totals.lifetimeReceiveCount },
    versions: { ...state.versions, [fax.id]: fax.updated },
    inFlight: state.inFlight,
  };
}

/** Whether the server added a timeline entry between these two versions of a fax. */
export function addsTimelineEntry(before: FaxView, after: FaxView): boolean {
  return (
    before.status !== after.status ||
    before.attempt !== after.attempt ||
    before.nextAttemptAt !== after.nextAttemptAt ||
    before.creditsRefunded !== after.creditsRefunded
  );
}

import { createFaxListStore } from './fax-list';

// The received-fax history (/inbox): newest first, live arrivals at the top (./fax-list).

const inbox = createFaxListStore('RECEIVE');

export const $inboxFaxes = inbox.$state;
export const $inboxFilters = inbox.$filters;
export const setInboxFilters = inbox.setFilters;
export const startInboxFaxes = inbox.start;
export const loadInboxFaxes = inbox.load;
export const loadMoreInboxFaxes = inbox.loadMore;
/** Shows a fax the server just answered with (a read-status change) without waiting for its event. */
export const applyInboxUpdate = inbox.applyUpdate;

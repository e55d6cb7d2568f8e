import { createFaxListStore, hasMoreFaxes } from './fax-list';

// The sent-fax history (/sent); the list logic it shares with the inbox is in ./fax-list.

export { hasMoreFaxes };

const sent = createFaxListStore('SEND');

export const $sentFaxes = sent.$state;
export const $sentFilters = sent.$filters;
export const setSentFilters = sent.setFilters;
export const startSentFaxes = sent.start;
export const loadSentFaxes = sent.load;
export const loadMoreSentFaxes = sent.loadMore;
/** Shows faxes the server just answered with (moved to the trash, or back) without waiting for their events. */
export const applySentUpdate = sent.applyUpdate;

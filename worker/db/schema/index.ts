// The D1 schema, a file per resource. Times are epoch milliseconds (UTC) everywhere in the database.
// Everything is re-exported here: drizzle's client and drizzle-kit read the whole schema at once.
export * from './accounts';
export * from './api-keys';
export * from './billing';
export * from './documents';
export * from './fax-mail';
export * from './faxes';
export * from './funnel';
export * from './numbers';
export * from './passkeys';
export * from './second-factors';
export * from './service';

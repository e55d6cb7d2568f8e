// The deployed case, modelled from what store-scale.mjs measures (decision 043). Locally every
// object, the Worker and D1 share workerd's one thread, so adding users cannot add throughput
// there; deployed, each user's object is its own single-threaded actor and they do not wait for
// each other. Capacity is then users × one object's rate, until a piece every fax shares is the
// limit: the one global D1 (queries a second, and bytes kept against its 10 GB).

/** Cloudflare's rule of thumb for one D1 database: about 1,000 queries a second at ~1 ms each. */
const D1_QUERIES_PER_SECOND = 1000;
/** A D1 database's size limit. */
const D1_BYTES = 10e9;
/** Cloudflare's soft limit of requests a second for one Durable Object. */
const OBJECT_REQUESTS_PER_SECOND = 1000;
const SECONDS_PER_MONTH = 30 * 24 * 3600;
/** Traffic is not flat: the busiest second of a month carries ~10× the average one. */
const PEAK_TO_AVERAGE = 10;
/** Decision 023's user: a BASIC plan used at a fifth of its allowance. */
const FAXES_PER_USER_MONTH = 30;

/**
 * What the shared pieces allow. `perObject`: sends a second one user's object took (measured);
 * `d1QueriesPerFax`: D1 round trips of a delivered fax; `d1BytesPerFax`: what D1 keeps per fax.
 */
export function d1Model({ perObject, d1QueriesPerFax, d1BytesPerFax }) {
  const d1FaxesPerSecond = d1QueriesPerFax > 0 ? D1_QUERIES_PER_SECOND / d1QueriesPerFax : Number.POSITIVE_INFINITY;
  const faxesPerMonth = (d1FaxesPerSecond * SECONDS_PER_MONTH) / PEAK_TO_AVERAGE;
  const fillsInMonths = d1BytesPerFax > 0.5 ? D1_BYTES / d1BytesPerFax / faxesPerMonth : Number.POSITIVE_INFINITY;
  return {
    perObject,
    d1FaxesPerSecond,
    faxesPerMonth,
    usersPerMonth: faxesPerMonth / FAXES_PER_USER_MONTH,
    fillsInMonths,
    d1QueriesPerFax,
  };
}

const round = (n) => (Number.isFinite(n) ? (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)) : 'no limit');

/** The model's lines, beside the sends measured for each number of users. */
export function modelRows(model, users, measured) {
  const rows = [];
  for (const n of users) {
    const deployed = Math.min(n * model.perObject, model.d1FaxesPerSecond);
    rows.push([
      `model: ${n} user${n > 1 ? 's' : ''}, deployed`,
      `${round(deployed)} sends/s (measured here ${round(measured.get(n))}/s on one thread)`,
    ]);
  }
  rows.push(
    ['model: one object', `${round(model.perObject)} sends/s measured (its soft limit ${OBJECT_REQUESTS_PER_SECOND} requests/s)`],
    [
      'model: D1 the limit at',
      `${round(model.d1FaxesPerSecond)} faxes/s (${model.d1QueriesPerFax} D1 queries a delivered fax, ${D1_QUERIES_PER_SECOND}/s)`,
    ],
    ['model: users before D1 is the limit', `${round(model.d1FaxesPerSecond / model.perObject)} sending at once`],
    [
      'model: a month before D1 is the limit',
      `${round(model.faxesPerMonth)} faxes (peak ${PEAK_TO_AVERAGE}× average) = ${round(model.usersPerMonth)} users at ${FAXES_PER_USER_MONTH} faxes`,
    ],
    [
      'model: D1 full (10 GB) after',
      Number.isFinite(model.fillsInMonths) ? `${round(model.fillsInMonths)} months at that rate` : 'never: nothing kept per fax',
    ],
  );
  return rows;
}

// The house rules of docs/architecture.md as a check (npm run lint:imports, part of npm test).
// Rooms, lowest first: shared (src/common, src/i18n) and crypto/ and env.ts → domain/, views/, db/, storage/
// → adapters (carrier/, payments/, mail/, queues/) and http/ → user-store/ → live/ → features (auth/, api-keys/, numbers/,
// documents/, uploads/, fax/, fax-mail/, receive/, subscriptions/, funnel/, outgoing-webhooks/) → webhooks/, jobs/ → api/, api-v1/, pages/ → app.ts, index.ts.
// loopback/ is the outside world (the simulated fax network): only the entries may load it.
// Type-only imports are free: they vanish at run time and carry no behaviour.

const FEATURES = '^worker/(auth|api-keys|numbers|documents|uploads|fax|fax-mail|receive|subscriptions|funnel|outgoing-webhooks)/';
const ADAPTERS = '^worker/(carrier|payments|mail|queues)/';
const ABOVE_FEATURES = '^worker/(webhooks|jobs|api|api-v1|pages|loopback)/';
const runtime = { dependencyTypesNot: ['type-only'] };

/** A room that may import, at run time, only the rooms named. */
function onlyFrom(name, from, allowed, comment) {
  return { name, comment, severity: 'error', from: { path: from }, to: { ...runtime, path: '^(src|worker)/', pathNot: allowed } };
}

module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'Files import each other one way only (a lazy import() back is how a page loads a heavy part on demand).',
      severity: 'error',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only', 'dynamic-import'],
        viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] },
      },
    },
    onlyFrom(
      'shared-is-isomorphic',
      '^src/(common|i18n)/',
      ['^src/(common|i18n)/'],
      'src/common and src/i18n are shared by browser and Worker: they import nothing else of ours.',
    ),
    onlyFrom(
      'crypto-knows-no-product',
      '^worker/crypto/',
      ['^worker/crypto/'],
      'crypto/ holds token and hash helpers with no product knowledge.',
    ),
    onlyFrom(
      'domain-is-pure',
      '^worker/domain/',
      ['^worker/domain/', '^worker/crypto/', '^src/(common|i18n)/'],
      'domain/ holds rules with no I/O.',
    ),
    onlyFrom(
      'db-below-features',
      '^worker/db/',
      ['^worker/db/', '^worker/domain/', '^worker/crypto/', '^src/(common|i18n)/'],
      'db/ is schema and queries only.',
    ),
    onlyFrom(
      'views-only-map',
      '^worker/views/',
      ['^worker/views/', '^worker/domain/', '^worker/storage/documents\\.ts$', '^src/(common|i18n)/'],
      'views/ turns rows into what the API and the live channel answer, with no I/O.',
    ),
    onlyFrom(
      'storage-below-features',
      '^worker/storage/',
      ['^worker/storage/', '^worker/env\\.ts$', '^src/(common|i18n)/'],
      'storage/ is the one door to R2.',
    ),
    {
      name: 'adapters-below-features',
      comment: 'Carriers, payment processors, mail and queue messages know nothing of the features that use them.',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { ...runtime, path: [FEATURES, ABOVE_FEATURES, '^worker/(live|http|user-store)/'] },
    },
    {
      name: 'http-below-features',
      comment: 'http/ is middleware and error shapes; features use it, not the other way round.',
      severity: 'error',
      from: { path: '^worker/http/' },
      to: { ...runtime, path: [FEATURES, ABOVE_FEATURES, '^worker/(live|user-store)/'] },
    },
    {
      name: 'user-store-below-live',
      comment: "user-store/ is each user's Durable Object and its store's operations; live/ and the features call it.",
      severity: 'error',
      from: { path: '^worker/user-store/' },
      to: { ...runtime, path: [FEATURES, ABOVE_FEATURES, '^worker/live/'] },
    },
    {
      name: 'live-below-features',
      comment: 'live/ publishes changes; features call it.',
      severity: 'error',
      from: { path: '^worker/live/' },
      to: { ...runtime, path: [FEATURES, ABOVE_FEATURES] },
    },
    {
      name: 'features-below-entries',
      comment: 'Features never reach up into webhooks, jobs, routers or the simulated network.',
      severity: 'error',
      from: { path: FEATURES },
      to: { ...runtime, path: ABOVE_FEATURES },
    },
    {
      name: 'webhooks-and-jobs-below-api',
      severity: 'error',
      from: { path: '^worker/(webhooks|jobs)/' },
      to: { ...runtime, path: '^worker/(api|api-v1|loopback)/' },
    },
    {
      name: 'loopback-is-outside',
      comment: 'The simulated fax network reaches the product the way a carrier does; only the entries load it.',
      severity: 'error',
      from: { path: '^worker/', pathNot: ['^worker/(app|index)\\.ts$', '^worker/loopback/'] },
      to: { ...runtime, path: '^worker/loopback/' },
    },
    {
      name: 'api-is-the-top',
      severity: 'error',
      from: { path: '^worker/', pathNot: ['^worker/(app|index)\\.ts$', '^worker/api/'] },
      to: { ...runtime, path: '^worker/api/' },
    },
    {
      name: 'api-v1-is-the-top',
      comment: 'The public /v1 router (decision 046) sits beside api/: only the entries mount it, and neither imports the other.',
      severity: 'error',
      from: { path: '^worker/', pathNot: ['^worker/(app|index)\\.ts$', '^worker/api-v1/'] },
      to: { ...runtime, path: '^worker/api-v1/' },
    },
    {
      name: 'pages-are-the-top',
      comment: "pages/ reads each page's first screen for the deploy entry (decision 033), beside the API.",
      severity: 'error',
      from: { path: '^worker/', pathNot: ['^worker/(app|index)\\.ts$', '^worker/pages/'] },
      to: { ...runtime, path: '^worker/pages/' },
    },
    {
      name: 'queries-only-in-db',
      comment: 'SQL and drizzle queries live in db/queries/.',
      severity: 'error',
      from: { path: '^worker/', pathNot: '^worker/db/' },
      to: { ...runtime, path: 'node_modules/drizzle-orm' },
    },
    {
      name: 'site-imports-worker-types-only',
      comment: 'The site takes only types from the Worker (the typed client: decision 020).',
      severity: 'error',
      from: { path: '^src/' },
      to: { ...runtime, path: '^worker/' },
    },
    onlyFrom(
      'site-lib-below-stores',
      '^src/lib/',
      ['^src/(lib|common|i18n)/'],
      'src/lib holds browser helpers; stores and components use them.',
    ),
    onlyFrom(
      'site-stores-below-components',
      '^src/stores/',
      ['^src/(stores|lib|common|i18n)/', '^src/components/[^/]+/[a-z-]+\\.ts$'],
      'Stores hold the logic; components only read them (pure rule files of a component folder are allowed).',
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['worker-configuration\\.d\\.ts$', '\\.astro$', '^\\.types/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

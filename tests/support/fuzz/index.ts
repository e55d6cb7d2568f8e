// What the fuzz bench (tests/bench/fuzz.mjs) bundles for Node: the app to read the routes off, the
// generators and the judge, and fast-check itself (one copy, so its arbitraries and sampling agree).
export { default as fc } from 'fast-check';
export { createApp } from '../../../worker/app';
export { readDocumentedAnswers } from './documented-answers';
export { requestArbitrary } from './requests';
export { fuzzRoutes } from './routes';
export { sendFuzzRequest, tallyLines } from './run';

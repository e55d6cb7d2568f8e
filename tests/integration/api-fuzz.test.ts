import { env, exports } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import apiDoc from '../../docs/api.md?raw';
import { createApp } from '../../worker/app';
import { ORIGIN } from '../support/client';
import { insertSessionCookie, insertUser } from '../support/db';
import { storedDocument } from '../support/documents';
import { setSendCredits } from '../support/faxes';
import { readDocumentedAnswers } from '../support/fuzz/documented-answers';
import { requestArbitrary } from '../support/fuzz/requests';
import { fuzzRoutes } from '../support/fuzz/routes';
import { type FuzzState, type FuzzTarget, sendFuzzRequest } from '../support/fuzz/run';
import { insertFaxRow } from '../support/send-fax';

// The seeded sample of decision 029's fuzzing (the 10,000-request run is tests/bench/fuzz.mjs): every
// /api route and webhook fed requests generated from its own zod schemas (read off the app,
// worker/http/validate.ts) and mutations of them, signed in and out, from this site and from
// elsewhere, webhooks signed and not. Every answer is a status and code docs/api.md names for the
// route, never a 5xx; a state change from another site is always 403 CROSS_ORIGIN; a webhook
// not signed by its sender is never accepted.

const docs = readDocumentedAnswers(apiDoc);
const routes = fuzzRoutes(createApp());
// About nine a route, so each is reached with valid input often enough to succeed.
const REQUESTS = Math.max(600, routes.length * 9);

/** Long strings cut in a report: what matters is that they were long. */
const shortStrings = (_key: string, value: unknown): unknown =>
  typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}…(${value.length} characters)` : value;

/** Ids of the current account's rows, so valid requests reach past "not found". */
const ids: string[] = [];

/** A signed-in account with credits, a document, a sent and a received fax; its ids join the pool. */
async function newSession(): Promise<string> {
  const user = await insertUser();
  await setSendCredits(user.id, 20, 0);
  const fileId = await storedDocument(user.id, 1);
  const sent = await insertFaxRow(user.id, { direction: 'SEND' });
  const received = await insertFaxRow(user.id, { direction: 'RECEIVE', status: 'RECEIVED' });
  ids.splice(0, ids.length, fileId, sent, received, ...ids.slice(0, 3));
  return insertSessionCookie(user.id);
}

const target: FuzzTarget = {
  baseUrl: ORIGIN,
  keys: {
    telnyx: JSON.parse(env.TEST_TELNYX_PRIVATE_JWK) as JsonWebKey,
    loopback: JSON.parse(env.LOOPBACK_SIGNING_KEY!) as JsonWebKey,
    stripe: env.STRIPE_WEBHOOK_SECRET,
    'local-payments': env.LOCAL_PAYMENTS_WEBHOOK_SECRET,
  },
  send: (request) => {
    // Each request from its own address: the abuse limits per address are not what is fuzzed here.
    const headers = new Headers(request.headers);
    headers.set('cf-connecting-ip', `10.${fc.sample(fc.integer({ min: 1, max: 254 }), 3).join('.')}`);
    return exports.default.fetch(new Request(request, { headers }));
  },
  newSession,
};

describe('every /api route under requests generated from its own schemas', () => {
  it('reads each route and its schemas off the app, and docs/api.md documents each', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => Object.keys(route.parts).length > 0).length).toBeGreaterThan(40);
    expect(routes.find((route) => route.key === 'POST /api/signup')?.parts.json).toBeDefined();
    expect(routes.find((route) => route.key === 'GET /api/faxes/:faxId')?.parts.param).toBeDefined();
    expect(routes.filter((route) => !docs.routes.has(route.key)).map((route) => route.key)).toEqual([]);
  });

  it(`answers ${REQUESTS} of them with documented answers only`, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const state: FuzzState = { cookie: await newSession(), sessionsUsed: 0 };
    const answered = new Map<string, Set<string>>();
    const problems = new Map<string, string>();
    const requests = fc.sample(
      fc.constantFrom(...routes).chain((route) => requestArbitrary(route, { ids }).map((generated) => ({ route, generated }))),
      { numRuns: REQUESTS, seed: 15 },
    );
    for (const { route, generated } of requests) {
      const result = await sendFuzzRequest(target, state, docs, route, generated);
      // Each kind of problem once, with the first request that showed it.
      if (result.problem && !problems.has(result.problem)) {
        problems.set(result.problem, JSON.stringify(generated, shortStrings).slice(0, 500));
      }
      if (!answered.has(route.key)) answered.set(route.key, new Set());
      answered.get(route.key)!.add(result.answer);
    }
    expect([...problems.entries()].map(([problem, example]) => `${problem}\n    after ${example}`)).toEqual([]);
    // The generators reach past validation: most routes answered a success at least once.
    const succeeded = [...answered.entries()].filter(([, answers]) => [...answers].some((a) => a.startsWith('2')));
    // Most routes are reached with input good enough to succeed (some need rows no generator makes: a
    // broadcast, a contact, a held number).
    expect(succeeded.length).toBeGreaterThan(routes.length / 3);
  }, 60_000);
});

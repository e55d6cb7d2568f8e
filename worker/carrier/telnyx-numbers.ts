import { z } from 'zod';
import { getDb } from '../db/client';
import { deleteNumber, insertAvailableNumbers } from '../db/queries/numbers';
import { readConfig } from '../env';
import { type NumberCandidate, type NumberInventory, type NumberInventorySearch, NumberOrderRefused } from './number-inventory';

// Telnyx's number inventory (API v2, Bearer TELNYX_API_KEY).
// - Search: `GET /v2/available_phone_numbers` with deepObject filters `filter[country_code]`,
//   `filter[national_destination_code]`, `filter[locality]`, `filter[features][]`, `filter[limit]`;
//   it answers `{ data: [{ phone_number, best_effort, features: [{ name }], region_information:
//   [{ region_type: country_code|rate_center|state|location, region_name }] }], meta }`
//   (developers.telnyx.com/api-reference/phone-number-search/list-available-phone-numbers).
// - Order: `POST /v2/number_orders { phone_numbers: [{ phone_number }], connection_id }`, answered
//   with the order under `data` (`id`, `status` pending|success|failure, `phone_numbers[]`)
//   (developers.telnyx.com/api-reference/phone-number-orders/create-a-number-order). The
//   connection is our fax application, so the number receives faxes as soon as it is active.
// - Release: `DELETE /v2/phone_numbers/{id}` (…/phone-number-configurations/delete-a-phone-number).
//   Its id is the phone number resource's, not the order's, so it is looked up first with
//   `GET /v2/phone_numbers?filter[phone_number]=<E.164>`.
// Errors come as `{ errors: [{ code, title, detail }] }`.

const TELNYX_API = 'https://api.telnyx.com/v2';

// A visitor waits on the search; past this we show the numbers D1 already has.
const SEARCH_TIMEOUT_MS = 5000;

const availableSchema = z.object({
  data: z.array(
    z.object({
      phone_number: z.string(),
      best_effort: z.boolean().nullish(),
      features: z.array(z.object({ name: z.string().nullish() })).nullish(),
      region_information: z.array(z.object({ region_type: z.string().nullish(), region_name: z.string().nullish() })).nullish(),
    }),
  ),
});
const orderSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
const phoneNumbersSchema = z.object({ data: z.array(z.object({ id: z.string().min(1), phone_number: z.string() })) });

type Available = z.infer<typeof availableSchema>['data'][number];

const NANP = /^\+1([2-9]\d{2})[2-9]\d{6}$/;

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** Our view of one of Telnyx's numbers, or null for one we would not offer (inexact, no fax, not US). */
function toCandidate(entry: Available, search: NumberInventorySearch): NumberCandidate | null {
  const match = NANP.exec(entry.phone_number);
  if (!match || entry.best_effort) return null;
  if (entry.features && !entry.features.some((f) => f.name === 'fax')) return null;
  const areaCode = match[1]!;
  if (search.areaCode && areaCode !== search.areaCode) return null;
  const region = (type: string): string | null => entry.region_information?.find((r) => r.region_type === type)?.region_name ?? null;
  // Telnyx names no city, only a rate center (often an abbreviation): the city searched for wins.
  const place = search.city ?? region('location') ?? region('rate_center') ?? '';
  return { number: entry.phone_number, areaCode, city: titleCase(place.trim()), region: region('state') ?? '' };
}

export function createTelnyxNumberInventory(env: Env): NumberInventory {
  const config = readConfig(env);
  const db = getDb(env);

  async function telnyx(path: string, init: RequestInit = {}): Promise<{ response: Response; body: unknown }> {
    if (!config.TELNYX_API_KEY) throw new Error('Telnyx is not configured: TELNYX_API_KEY is needed');
    const headers = {
      authorization: `Bearer ${config.TELNYX_API_KEY}`,
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    };
    const response = await fetch(`${TELNYX_API}${path}`, { ...init, headers });
    return { response, body: await response.json().catch(() => null) };
  }

  function failure(what: string, response: Response, body: unknown): Error {
    return new Error(`Telnyx ${what}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }

  async function searchNumbers(search: NumberInventorySearch): Promise<NumberCandidate[]> {
    const query = new URLSearchParams({ 'filter[country_code]': 'US' });
    if (search.areaCode) query.set('filter[national_destination_code]', search.areaCode);
    if (search.city) query.set('filter[locality]', search.city);
    query.set('filter[features][]', 'fax');
    query.set('filter[limit]', String(search.limit));
    const { response, body } = await telnyx(`/available_phone_numbers?${query}`, { signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS) });
    if (!response.ok) throw failure('number search failed', response, body);
    const parsed = availableSchema.safeParse(body);
    if (!parsed.success) throw failure('number search answered an unknown shape', response, body);
    const candidates = parsed.data.data.flatMap((entry) => toCandidate(entry, search) ?? []);
    // Stored before they are shown, so holding one is the same conditional UPDATE as for the pool.
    await insertAvailableNumbers(
      db,
      candidates.map((c) => ({ id: `telnyx-${c.number.slice(1)}`, ...c })),
    );
    return candidates;
  }

  async function orderNumber(number: string): Promise<{ carrierOrderId: string }> {
    if (!config.TELNYX_CONNECTION_ID) throw new Error('Telnyx is not configured: TELNYX_CONNECTION_ID is needed');
    const { response, body } = await telnyx('/number_orders', {
      method: 'POST',
      body: JSON.stringify({ phone_numbers: [{ phone_number: number }], connection_id: config.TELNYX_CONNECTION_ID }),
    });
    if (response.status === 400 || response.status === 404 || response.status === 422) {
      throw new NumberOrderRefused(number, `Telnyx refused to order ${number}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const order = orderSchema.safeParse(body);
    if (!response.ok || !order.success) throw failure(`did not order ${number}`, response, body);
    return { carrierOrderId: order.data.data.id };
  }

  async function releaseNumber(number: string): Promise<void> {
    const found = await telnyx(`/phone_numbers?${new URLSearchParams({ 'filter[phone_number]': number })}`);
    const list = phoneNumbersSchema.safeParse(found.body);
    if (!found.response.ok || !list.success) throw failure(`did not find ${number}`, found.response, found.body);
    const id = list.data.data.find((n) => n.phone_number === number)?.id;
    if (id) {
      const { response, body } = await telnyx(`/phone_numbers/${encodeURIComponent(id)}`, { method: 'DELETE' });
      // 404: already gone, which is what we wanted.
      if (!response.ok && response.status !== 404) throw failure(`did not release ${number}`, response, body);
    }
    await deleteNumber(db, number);
  }

  return { name: 'telnyx', searchNumbers, orderNumber, releaseNumber };
}

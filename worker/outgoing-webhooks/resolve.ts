import { type AddressProblem, checkWebhookUrl, isPublicIp, parseIp } from '../domain/webhook-address';
import type { AppConfig } from '../env';

// Where an outgoing webhook's URL leads, checked before it is saved and before every attempt
// (decision 047): the URL by the rules of domain/webhook-address.ts, and every address its host
// name resolves to. In production names resolve through DNS-over-HTTPS (Cloudflare's resolver, over
// fetch); in local runs and tests from WEBHOOK_DNS_HOSTS, as there is no internet there.

const DOH = 'https://cloudflare-dns.com/dns-query';
const DOH_TIMEOUT_MS = 3000;

export type TargetCheck = { ok: true; url: URL } | { ok: false; problem: AddressProblem | 'UNRESOLVABLE' };

type DnsAnswer = { Status?: number; Answer?: { type: number; data: string }[] };

async function resolveOverHttps(name: string, type: 'A' | 'AAAA'): Promise<string[] | null> {
  try {
    const response = await fetch(`${DOH}?name=${encodeURIComponent(name)}&type=${type}`, {
      headers: { accept: 'application/dns-json' },
      signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as DnsAnswer;
    if (answer.Status !== 0 && answer.Status !== 3) return null;
    // CNAMEs (type 5) lead to the addresses that follow them; only A (1) and AAAA (28) are where it goes.
    return (answer.Answer ?? []).filter((record) => record.type === 1 || record.type === 28).map((record) => record.data);
  } catch {
    return null;
  }
}

/** Every address the name resolves to (A and AAAA), or null when it cannot be resolved now. */
export async function resolveHost(name: string, config: AppConfig): Promise<string[] | null> {
  if (config.WEBHOOK_DNS_HOSTS) {
    const address = config.WEBHOOK_DNS_HOSTS.get(name);
    return address ? [address] : null;
  }
  const [a, aaaa] = await Promise.all([resolveOverHttps(name, 'A'), resolveOverHttps(name, 'AAAA')]);
  if (a === null && aaaa === null) return null;
  const all = [...(a ?? []), ...(aaaa ?? [])];
  return all.length > 0 ? all : null;
}

/** The URL to call, or why not: a private literal, a name with any private address, or a name that does not resolve. */
export async function checkWebhookTarget(text: string, config: AppConfig): Promise<TargetCheck> {
  const checked = checkWebhookUrl(text, { allowLocalHttp: config.WEBHOOK_ALLOW_LOCAL_HTTP });
  if (!checked.ok) return checked;
  if (checked.literal) return { ok: true, url: checked.url };
  const addresses = await resolveHost(checked.host, config);
  if (!addresses) return { ok: false, problem: 'UNRESOLVABLE' };
  for (const address of addresses) {
    const ip = parseIp(address);
    if (!ip || !isPublicIp(ip)) return { ok: false, problem: 'PRIVATE_ADDRESS' };
  }
  return { ok: true, url: checked.url };
}

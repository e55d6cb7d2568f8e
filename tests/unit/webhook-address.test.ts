import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { checkWebhookUrl, isPublicIp, parseIp } from '../../worker/domain/webhook-address';
import { faxEvents } from '../../worker/domain/webhook-events';

// The SSRF rules of outgoing webhooks (decision 047), table-driven.

const production = { allowLocalHttp: false };
const local = { allowLocalHttp: true };

describe('checkWebhookUrl', () => {
  it.each([
    ['https://hooks.example.com/x', production, 'ok'],
    ['https://93.184.215.14/x', production, 'ok'],
    ['https://[2606:4700::1111]/x', production, 'ok'],
    ['http://hooks.example.com/x', production, 'HTTPS_REQUIRED'],
    ['http://localhost:8080/x', production, 'HTTPS_REQUIRED'],
    ['http://localhost:8080/x', local, 'ok'],
    ['http://127.0.0.1:8080/x', local, 'HTTPS_REQUIRED'],
    ['https://127.0.0.1/x', local, 'PRIVATE_ADDRESS'],
    ['https://2130706433/', production, 'PRIVATE_ADDRESS'],
    ['https://0x7f000001/', production, 'PRIVATE_ADDRESS'],
    ['https://0x7f.1/', production, 'PRIVATE_ADDRESS'],
    ['https://017700000001/', production, 'PRIVATE_ADDRESS'],
    ['https://10.1.2.3/', production, 'PRIVATE_ADDRESS'],
    ['https://172.31.255.255/', production, 'PRIVATE_ADDRESS'],
    ['https://172.32.0.1/', production, 'ok'],
    ['https://100.127.255.255/', production, 'PRIVATE_ADDRESS'],
    ['https://100.128.0.1/', production, 'ok'],
    ['https://169.254.169.254/', production, 'PRIVATE_ADDRESS'],
    ['https://[::]/', production, 'PRIVATE_ADDRESS'],
    ['https://[::ffff:169.254.169.254]/', production, 'PRIVATE_ADDRESS'],
    ['https://[::ffff:a9fe:a9fe]/', production, 'PRIVATE_ADDRESS'],
    ['https://[fd12::1]/', production, 'PRIVATE_ADDRESS'],
    ['https://[fe80::1]/', production, 'PRIVATE_ADDRESS'],
    ['https://[ff02::1]/', production, 'PRIVATE_ADDRESS'],
    ['https://[64:ff9b::7f00:1]/', production, 'PRIVATE_ADDRESS'],
    ['https://[2002:7f00:1::]/', production, 'PRIVATE_ADDRESS'],
    ['https://255.255.255.255/', production, 'PRIVATE_ADDRESS'],
    ['https://printer.local/', production, 'PRIVATE_ADDRESS'],
    ['https://metadata.google.internal/', production, 'PRIVATE_ADDRESS'],
    ['https://user@hooks.example.com/', production, 'CREDENTIALS_IN_URL'],
    ['javascript:alert(1)', production, 'INVALID_URL'],
    ['not a url', production, 'INVALID_URL'],
  ])('%s → %s', (url, rules, expected) => {
    const result = checkWebhookUrl(url, rules);
    expect(result.ok ? 'ok' : result.problem).toBe(expected);
  });
});

describe('parseIp / isPublicIp', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['0.0.0.0', false],
    ['192.168.0.1', false],
    ['::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['2001:db8::1', false],
    ['2606:4700:4700::1111', true],
  ])('%s public: %s', (text, expected) => {
    const ip = parseIp(text);
    expect(ip).not.toBeNull();
    expect(isPublicIp(ip!)).toBe(expected);
  });

  it.each(['1.2.3', '256.1.1.1', '01.2.3.4', '1::2::3', 'fe80::1%eth0', 'example.com'])('%s is not an address', (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe('faxEvents', () => {
  const fax = (fields: Partial<FaxView>): FaxView =>
    ({
      id: 'f',
      direction: 'SEND',
      status: 'QUEUED',
      pagesSent: 0,
      pageCount: 3,
      attempt: 1,
      maxAttempts: 4,
      nextAttemptAt: null,
      start: 0,
      completed: null,
      sendAt: null,
      ...fields,
    }) as FaxView;
  const types = (events: { type: string; data: Record<string, unknown> }[]) =>
    events.map((e) => (e.type === 'fax.page_sent' ? `${e.type}:${e.data.page}` : e.type));

  it.each([
    [null, fax({}), ['fax.queued']],
    [{ status: 'QUEUED', pagesSent: 0, nextAttemptAt: null }, fax({ status: 'SENDING' }), ['fax.sending']],
    [
      { status: 'SENDING', pagesSent: 0, nextAttemptAt: null },
      fax({ status: 'SENDING', pagesSent: 2 }),
      ['fax.page_sent:1', 'fax.page_sent:2'],
    ],
    [
      { status: 'QUEUED', pagesSent: 0, nextAttemptAt: null },
      fax({ status: 'DELIVERED', pagesSent: 3 }),
      ['fax.sending', 'fax.page_sent:1', 'fax.page_sent:2', 'fax.page_sent:3', 'fax.delivered'],
    ],
    [
      { status: 'SENDING', pagesSent: 1, nextAttemptAt: null },
      fax({ status: 'SENDING', pagesSent: 1, nextAttemptAt: 5 }),
      ['fax.retrying'],
    ],
    [{ status: 'SENDING', pagesSent: 1, nextAttemptAt: 5 }, fax({ status: 'FAILED', pagesSent: 1, nextAttemptAt: null }), ['fax.failed']],
    [{ status: 'SENDING', pagesSent: 1, nextAttemptAt: null }, fax({ status: 'SENDING', pagesSent: 1 }), []],
    [{ status: 'RECEIVING', pagesSent: 0, nextAttemptAt: null }, fax({ direction: 'RECEIVE', status: 'RECEIVED' }), ['fax.received']],
  ] as const)('%j → %j', (before, after, expected) => {
    expect(types(faxEvents(before, after))).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { ReadRecipient } from '../../src/components/send/recipient-list';
import { scheduleAt, sendLaterPresets } from '../../src/components/send/send-later-rules';
import { firstProblem, problemOf, type SendState, sendProblems } from '../../src/components/send/send-problems';

// What stops a send on /send and where Send takes the person, and the send-later
// presets. Tests run in UTC, the browser's local time here.

const ok = (number: string): ReadRecipient => ({ state: 'ok', entry: { number, contact: null }, e164: number, display: number });
const bad = (number: string): ReadRecipient => ({ state: 'invalid', entry: { number, contact: null }, reason: 'incomplete' });

const READY: SendState = {
  recipients: { read: [ok('+12125550123')], invalid: [], checking: false },
  pendingText: '',
  document: 'ready',
  schedule: { kind: 'now' },
  needed: 3,
  credits: 10,
};

describe('sendProblems', () => {
  it('finds nothing when all is there', () => expect(sendProblems(READY)).toEqual([]));

  it('lists every part that lacks something, in the order of the page', () => {
    const problems = sendProblems({
      ...READY,
      recipients: { read: [], invalid: [], checking: false },
      document: null,
      schedule: { kind: 'invalid' },
      needed: null,
    });
    expect(problems.map((p) => `${p.area}:${p.kind}`)).toEqual(['to:noRecipient', 'document:noDocument', 'later:invalidSendTime']);
    expect(firstProblem(problems)?.area).toBe('to');
    expect(problemOf(problems, 'document')?.kind).toBe('noDocument');
  });

  it.each<[string, Partial<SendState>, string]>([
    ['a name typed and no contact chosen', { pendingText: 'Ada' }, 'to:pendingText'],
    [
      'numbers that cannot be dialled',
      { recipients: { read: [ok('+1'), bad('212 555 01')], invalid: [bad('212 555 01')], checking: false } },
      'to:invalidRecipients',
    ],
    ['numbers not read yet', { recipients: { read: [ok('+1')], invalid: [], checking: true } }, 'to:checkingNumber'],
    ['an upload under way', { document: 'uploading', needed: null }, 'document:uploading'],
    ['a failed upload', { document: 'failed', needed: null }, 'document:uploadFailed'],
    ['credits still loading', { credits: null }, 'send:loadingAccount'],
    ['too few credits', { needed: 11 }, 'send:credits'],
  ])('stops on %s', (_, change, expected) => {
    const [problem] = sendProblems({ ...READY, ...change });
    expect(`${problem?.area}:${problem?.kind}`).toBe(expected);
  });

  it('names what cannot be dialled', () => {
    const problems = sendProblems({
      ...READY,
      recipients: { read: [bad('212 555 01'), bad('Ada')], invalid: [bad('212 555 01'), bad('Ada')], checking: false },
    });
    expect(problems[0]).toEqual({ area: 'to', kind: 'invalidRecipients', entries: '212 555 01, Ada' });
  });
});

describe('sendLaterPresets', () => {
  it('offers an hour from now, tomorrow at 8 and Monday at 8, local time', () => {
    // Wednesday 26 November 2025, 15:20.
    expect(sendLaterPresets(new Date(2025, 10, 26, 15, 20))).toEqual([
      { preset: 'inAnHour', local: '2025-11-26T16:20' },
      { preset: 'tomorrowMorning', local: '2025-11-27T08:00' },
      { preset: 'mondayMorning', local: '2025-12-01T08:00' },
    ]);
  });

  it('offers next week’s Monday on a Monday, and only one of the two on a Sunday, when both are tomorrow', () => {
    expect(sendLaterPresets(new Date(2025, 11, 1, 9, 0)).at(-1)).toEqual({ preset: 'mondayMorning', local: '2025-12-08T08:00' });
    expect(sendLaterPresets(new Date(2025, 10, 30, 22, 0)).map((p) => p.preset)).toEqual(['inAnHour', 'tomorrowMorning']);
  });

  it('gives times the schedule accepts', () => {
    const now = new Date(2025, 10, 26, 15, 20, 30);
    for (const { local } of sendLaterPresets(now)) expect(scheduleAt({ enabled: true, local }, now.getTime()).kind).toBe('at');
  });
});

import { describe, expect, it } from 'vitest';
import { type SetupFacts, setupChecklist, withTaskDone } from '../../src/common/setup-checklist';

// The dashboard's setup checklist (decision 036): done-ness from facts, whatever route made
// them; gone once all is done or when the first-run path is over for the user.

const NOTHING: SetupFacts = { hasNumber: false, faxesSent: 0, hasContacts: false, emailConfirmed: false };

function doneOf(facts: Partial<SetupFacts>, openStep: Parameters<typeof setupChecklist>[0] = 'welcome') {
  const tasks = setupChecklist(openStep, { ...NOTHING, ...facts });
  return tasks && Object.fromEntries(tasks.map((one) => [one.task, one.done]));
}

describe('setupChecklist', () => {
  it.each([
    [{}, { number: false, send: false, contact: false, email: false }],
    // A number bought at checkout, before the path got to it.
    [{ hasNumber: true }, { number: true, send: false, contact: false, email: false }],
    // Seven faxes sent: the first is long done.
    [{ faxesSent: 7 }, { number: false, send: true, contact: false, email: false }],
    [{ hasContacts: true }, { number: false, send: false, contact: true, email: false }],
    // Confirming the address is a task only while it is not confirmed.
    [{ emailConfirmed: true }, { number: false, send: false, contact: false }],
    [
      { hasNumber: true, faxesSent: 1, hasContacts: true },
      { number: true, send: true, contact: true, email: false },
    ],
    [{ hasNumber: true, faxesSent: 1, hasContacts: true, emailConfirmed: true }, null],
  ] as const)('facts %j → %j', (facts, expected) => {
    expect(doneOf(facts)).toEqual(expected);
  });

  it('shows wherever the path stands while it is open, and never once it is over', () => {
    for (const step of ['welcome', 'reserve-number', 'send-fax', 'add-contacts'] as const) {
      expect(doneOf({ hasNumber: true }, step)).not.toBeNull();
    }
    // Finished, skipped, or an account older than the path (openSetupStep answers null for all).
    expect(doneOf({}, null)).toBeNull();
  });

  it('keeps the tasks in one order: number, first fax, contact, address', () => {
    expect(setupChecklist('welcome', NOTHING)?.map((one) => one.task)).toEqual(['number', 'send', 'contact', 'email']);
  });
});

describe('withTaskDone', () => {
  it('ticks a task the page heard of, and drops the address once confirmed', () => {
    const tasks = setupChecklist('welcome', NOTHING);
    expect(withTaskDone(tasks, 'number')?.find((one) => one.task === 'number')?.done).toBe(true);
    expect(withTaskDone(tasks, 'email')?.map((one) => one.task)).toEqual(['number', 'send', 'contact']);
  });

  it('is gone when the last task is done', () => {
    const tasks = setupChecklist('welcome', { ...NOTHING, hasNumber: true, hasContacts: true, emailConfirmed: true });
    expect(withTaskDone(tasks, 'send')).toBeNull();
    expect(withTaskDone(null, 'send')).toBeNull();
  });
});

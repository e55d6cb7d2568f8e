import { describe, expect, it } from 'vitest';
import { isFinalState, nextState, type TaskAction } from '../../src/lib/upload/task-state';
import type { UploadState } from '../../src/lib/upload/types';

const STATES: UploadState[] = ['running', 'pausing', 'paused', 'canceling', 'canceled', 'error', 'success'];

// Spec §4: pause from running; resume from paused or pausing; cancel from running or pausing.
const ALLOWED: Record<TaskAction, Partial<Record<UploadState, UploadState>>> = {
  pause: { running: 'pausing' },
  resume: { paused: 'running', pausing: 'running' },
  cancel: { running: 'canceling', pausing: 'canceling' },
};

describe('nextState', () => {
  const table = (['pause', 'resume', 'cancel'] as const).flatMap((action) =>
    STATES.map((state) => [action, state, ALLOWED[action][state] ?? null] as const),
  );
  it.each(table)('%s from %s → %s', (action, state, expected) => {
    expect(nextState(state, action)).toBe(expected);
  });
});

describe('isFinalState', () => {
  it.each(STATES.map((s) => [s, s === 'canceled' || s === 'error' || s === 'success'] as const))('%s → %s', (state, final) => {
    expect(isFinalState(state)).toBe(final);
  });
});

import type { UploadState } from './types';

// Spec §4: pause works from running; resume from paused or pausing; cancel from running or pausing.
// Anything else is refused and changes nothing.

export type TaskAction = 'pause' | 'resume' | 'cancel';

const TRANSITIONS: Record<TaskAction, Partial<Record<UploadState, UploadState>>> = {
  pause: { running: 'pausing' },
  resume: { paused: 'running', pausing: 'running' },
  cancel: { running: 'canceling', pausing: 'canceling' },
};

/** The state `action` leads to from `state`, or null when it is not allowed there. */
export function nextState(state: UploadState, action: TaskAction): UploadState | null {
  return TRANSITIONS[action][state] ?? null;
}

/** States an upload never leaves. */
export function isFinalState(state: UploadState): boolean {
  return state === 'canceled' || state === 'error' || state === 'success';
}

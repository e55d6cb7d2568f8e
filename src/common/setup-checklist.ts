import type { SetupStep } from './onboarding';

// The dashboard's setup checklist (decision 036): what a new account still has to do, each
// task done by whatever route did it (a number bought at checkout, a fax sent by e-mail, a contact
// imported), read from facts the server holds, never from where the /onboarding path stands. The
// Worker builds it for the page it renders; the page ticks tasks as pushes tell it more.

export const SETUP_TASKS = ['number', 'send', 'contact', 'email'] as const;
export type SetupTask = (typeof SETUP_TASKS)[number];

/** What the server knows of the account that says which tasks are done. */
export interface SetupFacts {
  hasNumber: boolean;
  /** Every fax the account ever sent, by any route (the store's lifetime count). */
  faxesSent: number;
  hasContacts: boolean;
  emailConfirmed: boolean;
}

export interface SetupTaskState {
  task: SetupTask;
  done: boolean;
}

/**
 * The checklist to show, or null when there is none: the first-run path is over for the user
 * (`openStep` null: finished, skipped, or an account older than the path) or every task is done.
 * Confirming the address is a task only while it is not confirmed.
 */
export function setupChecklist(openStep: SetupStep | null, facts: SetupFacts): SetupTaskState[] | null {
  if (openStep === null) return null;
  const tasks: SetupTaskState[] = [
    { task: 'number', done: facts.hasNumber },
    { task: 'send', done: facts.faxesSent > 0 },
    { task: 'contact', done: facts.hasContacts },
  ];
  if (!facts.emailConfirmed) tasks.push({ task: 'email', done: false });
  return tasks.every((one) => one.done) ? null : tasks;
}

/** The checklist with `task` done: what a push (a number, a first fax) tells the page. */
export function withTaskDone(tasks: SetupTaskState[] | null, task: SetupTask): SetupTaskState[] | null {
  if (!tasks) return null;
  // A confirmed address is no task at all, as setupChecklist says.
  const next =
    task === 'email' ? tasks.filter((one) => one.task !== 'email') : tasks.map((one) => (one.task === task ? { ...one, done: true } : one));
  return next.every((one) => one.done) ? null : next;
}

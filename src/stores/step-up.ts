import { atom } from 'nanostores';

// Step-up (decision 044): a sensitive change the server answered 403 STEP_UP_REQUIRED asks for the
// second factor here, then is sent again. The Security section shows the question while this holds
// the answer's callback.

export const $stepUpAsk = atom<((proved: boolean) => void) | null>(null);

/** Asks for a code from the app; true once the server took it, false when the person cancelled. */
export function askForSecondFactor(): Promise<boolean> {
  return new Promise((resolve) => {
    $stepUpAsk.set((proved) => {
      $stepUpAsk.set(null);
      resolve(proved);
    });
  });
}

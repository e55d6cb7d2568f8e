// Which is newer, a pushed value or an answer read from the server, told by order, never by clocks:
// a push's `at` is the server's clock and the browser's own may be minutes off, and even on one
// machine a Durable Object's clock stands still while it computes. Pushes come in the order their
// changes were made, so the last one is the newest; an answer is shown only when no push came while
// it was on its way (it may have been read before that push's change, and whatever changed after
// the push is pushed too). Pure: the store says how a value is shown.

export interface PushOrder<T> {
  /** A value a push brought: the newest there is. */
  pushed(value: T): void;
  /** Call as a request goes out; give its answer to what it returns. */
  awaitAnswer(): (value: T) => void;
}

export function byPushOrder<T>(show: (value: T) => void): PushOrder<T> {
  let pushes = 0;
  return {
    pushed(value) {
      pushes += 1;
      show(value);
    },
    awaitAnswer() {
      const pushesBefore = pushes;
      return (value) => {
        if (pushes === pushesBefore) show(value);
      };
    },
  };
}

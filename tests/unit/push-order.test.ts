import { describe, expect, it } from 'vitest';
import { byPushOrder } from '../../src/stores/push-order';

// The navigation's unread badge and the lists' totals show the newest counts, told by the order
// answers and pushes came in, never by comparing the browser's clock with the server's (a clock
// five minutes ahead kept the badge still for five minutes; a Durable Object's clock stands still
// while it computes).

function shown() {
  const values: number[] = [];
  const order = byPushOrder((value: number) => values.push(value));
  return { values, order };
}

describe('pushed values and answers, newest by order', () => {
  it('shows every push in the order it came', () => {
    const { values, order } = shown();
    order.pushed(1);
    order.pushed(2);
    expect(values).toEqual([1, 2]);
  });

  it('shows an answer when no push came while it was on its way', () => {
    const { values, order } = shown();
    order.pushed(1);
    const answered = order.awaitAnswer();
    answered(0);
    expect(values).toEqual([1, 0]);
  });

  it('keeps a push that came while an answer was on its way: the answer may be older', () => {
    const { values, order } = shown();
    const answered = order.awaitAnswer();
    order.pushed(1);
    answered(0);
    expect(values).toEqual([1]);
  });

  it('shows a push that comes after an answer, whatever the time it says', () => {
    const { values, order } = shown();
    order.awaitAnswer()(0);
    order.pushed(1);
    expect(values).toEqual([0, 1]);
  });
});

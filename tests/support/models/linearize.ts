// Concurrent calls checked against a model: the real outcome must be one that some serial order
// of the same calls gives — each call's answer and the state after them all (linearizability).

export interface Step<S> {
  state: S;
  answer: string;
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i]!, ...tail];
  }
}

/**
 * The state after `ops` in the first serial order that explains what really happened (`answers`,
 * in the order of `ops`, and the `real` state after them), or null when no order does.
 */
export function linearize<S, Op>(
  start: S,
  ops: readonly Op[],
  answers: readonly string[],
  real: S,
  apply: (state: S, op: Op) => Step<S>,
  same: (a: S, b: S) => boolean,
): S | null {
  const indexes = ops.map((_, i) => i);
  for (const order of permutations(indexes)) {
    let state = start;
    let explained = true;
    for (const i of order) {
      const step = apply(state, ops[i]!);
      if (step.answer !== answers[i]) {
        explained = false;
        break;
      }
      state = step.state;
    }
    if (explained && same(state, real)) return state;
  }
  return null;
}

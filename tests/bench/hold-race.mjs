// Two people hold the same number at the same moment, 1,000 times over, against the running
// product: each round must have exactly one winner (the integration test runs 100 rounds).
// Prints the winners, any round that went wrong, and the time per round; never fails on time.

async function signUp(base, origin, i) {
  const email = `hold-race-${Date.now()}-${i}@example.com`;
  const res = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'hold race password 1' }),
  });
  await res.text();
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('fax_session='))
      ?.split(';')[0] ?? ''
  );
}

export async function benchHoldRace(base, stats, rounds = 1000) {
  const origin = { origin: base, 'content-type': 'application/json' };
  const people = [await signUp(base, origin, 1), await signUp(base, origin, 2)];
  const { numbers } = await fetch(`${base}/api/numbers?areaCode=212`).then((r) => r.json());
  const hold = (cookie, id) => fetch(`${base}/api/reserveTempNumber?numberId=${id}`, { headers: { ...origin, cookie } });
  const release = (cookie) => fetch(`${base}/api/releaseTempNumberReservation`, { headers: { ...origin, cookie } }).then((r) => r.text());
  const samples = [];
  let wrong = 0;
  for (let round = 0; round < rounds; round++) {
    const id = numbers[round % numbers.length].id;
    const started = performance.now();
    const answers = await Promise.all(people.map((cookie) => hold(cookie, id)));
    samples.push(performance.now() - started);
    const statuses = answers.map((r) => r.status).sort();
    await Promise.all(answers.map((r) => r.text()));
    if (statuses[0] !== 200 || statuses[1] !== 409) wrong += 1;
    await Promise.all(people.map(release));
  }
  return [[`number hold race, ${rounds} rounds of 2 at once`, `${rounds - wrong} with one winner, ${wrong} wrong · ${stats(samples)}`]];
}

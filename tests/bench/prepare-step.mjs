// One step of preparing a large fax, in a process of its own so that nothing of another step is
// in its heap or its timings (large-fax-code.mjs forks it):
// `node --expose-gc prepare-step.mjs <steps module> <code bundle> <step> <document> <fax PDF>`. The steps module default-exports `(code) => steps`,
// each step `({ document, fax }) => pages`. Prints one line of JSON: the step's figures.
import { pathToFileURL } from 'node:url';
import { watchProcess } from './process-watch.mjs';

const [stepsModule, bundle, step, document, fax] = process.argv.slice(2);
const steps = (await import(pathToFileURL(stepsModule).href)).default(await import(pathToFileURL(bundle).href));
const watch = await watchProcess();
try {
  const run = () => steps[step]({ document, fax });
  // The timed run first, from a fresh process; then the run that collects garbage as it samples.
  const timed = await watch.measure(run);
  const live = await watch.measure(run, { live: true });
  process.stdout.write(`${JSON.stringify({ timed, live })}\n`);
} finally {
  await watch.close();
}

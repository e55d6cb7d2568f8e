import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// Spec §2/§7: open pages poll `builds/latest.json` and offer a reload when its id differs from the
// build they came from. Each `astro build` gets a fresh id: pages carry it as `__BUILD_ID__`
// (a compile-time constant, so nothing is read at load) and the build writes it to
// dist/client/builds/latest.json. `astro dev` has no build: its pages carry `dev` and never poll.

/** What builds/latest.json holds. */
export interface LatestBuild {
  id: string;
  builtAt: string;
}

export function buildId(): AstroIntegration {
  const builtAt = new Date();
  const id = `${builtAt.toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`;
  return {
    name: 'build-id',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        updateConfig({ vite: { define: { __BUILD_ID__: JSON.stringify(command === 'build' ? id : 'dev') } } });
      },
      'astro:build:done': async ({ dir }) => {
        const folder = join(fileURLToPath(dir), 'builds');
        await mkdir(folder, { recursive: true });
        const latest: LatestBuild = { id, builtAt: builtAt.toISOString() };
        await writeFile(join(folder, 'latest.json'), `${JSON.stringify(latest)}\n`);
      },
    },
  };
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ICON_NAMES } from '../icons/icon-names';
import { symbolFromSvg } from '../icons/symbol';

// The icon sprite (docs/design.md, "Icons"): one SVG file of <symbol>s, made at build from the
// Lucide icons the product names (src/icons/icon-names.ts). Its name carries a hash of its
// content, so it is kept for a year like every built file (/_astro/*), and pages and islands draw
// an icon with <use href="…#name"> from the constant __ICON_SPRITE__: no icon costs JavaScript.

const iconsDir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');

function symbolOf(name: string): string {
  return symbolFromSvg(name, readFileSync(join(iconsDir, `${name}.svg`), 'utf8'));
}

const version = JSON.parse(readFileSync(join(iconsDir, '..', 'package.json'), 'utf8')).version as string;

export function buildIconSprite(names: readonly string[] = ICON_NAMES): string {
  // The ISC licence asks its notice to travel with every copy.
  const notice = `<!-- Lucide icons (lucide-static ${version}), ISC licence: https://lucide.dev/license -->`;
  return `<svg xmlns="http://www.w3.org/2000/svg">${notice}${names.map(symbolOf).join('')}</svg>\n`;
}

export function iconSprite(): AstroIntegration {
  const sprite = buildIconSprite();
  const hash = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
  const path = `/_astro/icons.${hash}.svg`;
  return {
    name: 'icon-sprite',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            define: { __ICON_SPRITE__: JSON.stringify(path) },
            // `astro dev` has no build: its server answers the sprite's address itself.
            plugins: [
              {
                name: 'icon-sprite-dev',
                configureServer(server) {
                  server.middlewares.use(path, (_request, response) => {
                    response.setHeader('content-type', 'image/svg+xml');
                    response.end(sprite);
                  });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir }) => {
        const file = join(fileURLToPath(dir), path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, sprite);
      },
    },
  };
}

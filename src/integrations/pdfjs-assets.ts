import { cp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// pdf.js fetches data files at run time: standard fonts for PDFs that do not embed theirs, CMaps
// for CJK text, an ICC profile for CMYK images and WebAssembly image decoders (JBIG2 and JPEG 2000,
// both common in faxes). They are served from this site, never from a CDN, and copied out of
// node_modules at build time rather than committed. The path carries the pdf.js version, so a new
// version never meets files of an old one in a cache.

const FOLDERS = ['cmaps', 'iccs', 'standard_fonts', 'wasm'] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.bcmap': 'application/octet-stream',
  '.icc': 'application/vnd.iccprofile',
  '.js': 'text/javascript',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const packageRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function readVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** The file under pdfjs-dist for a request path below the prefix, or null for anything else. */
function packageFileFor(requestPath: string): string | null {
  const relative = normalize(decodeURIComponent(requestPath.split('?')[0] ?? '')).replace(/^[/\\]+/, '');
  const [folder] = relative.split(sep);
  if (relative.includes('..') || !(FOLDERS as readonly string[]).includes(folder ?? '')) return null;
  return join(packageRoot, relative);
}

/** Serves pdf.js's data files at /pdfjs/<version>/ in `astro dev` and copies them there in builds. */
export function pdfjsAssets(): AstroIntegration {
  return {
    name: 'pdfjs-assets',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const prefix = `/pdfjs/${await readVersion()}`;
        server.middlewares.use(prefix, (req, res, next) => {
          const file = packageFileFor(req.url ?? '');
          if (!file) return next();
          readFile(file).then(
            (body) => {
              res.setHeader('content-type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
              res.end(body);
            },
            () => next(),
          );
        });
      },
      'astro:build:done': async ({ dir }) => {
        const target = join(fileURLToPath(dir), 'pdfjs', await readVersion());
        for (const folder of FOLDERS) {
          // Their LICENSE files go along: the fonts and decoders are redistributed.
          await cp(join(packageRoot, folder), join(target, folder), { recursive: true });
        }
      },
    },
  };
}

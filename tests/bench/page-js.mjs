// What JavaScript each page of the build loads before anyone does anything, read from `dist/` alone
// (no server): the page's module scripts, its islands' components and their renderer, and
// everything those import statically, each file counted once, in gzip bytes. Dynamic imports are
// what a page loads later (pdf.js when a fax opens, the phone library when a number is typed):
// listed apart, never counted.
//
// Where a page's islands come from: a prerendered page's HTML names them. A server-rendered page is
// only HTML when someone asks, so its islands are read from the built server instead: the page's
// module and every server chunk it imports statically (its layout, its components) carry each
// `client:*` component's source path and each <script>'s id, and the server's manifest maps those to
// the built files under /_astro. A page counts every island it can show (a sent and a received
// fax's); which ones only a signed-in person gets is the caller's to say (tests/bench/page-budgets.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const ISLAND = /"client:component-path":\s*"([^"]+)"/g;
const SCRIPT = /renderScript\(\$\$result,\s*"([^"]+)"\)/g;
const RENDERER = /^@astrojs\/[^/]+\/client(\.js)?$/;

/**
 * @typedef {{ file: string, bytes: number, gzip: number }} BuiltFile
 * @typedef {{ entry: string, files: BuiltFile[], gzip: number }} LaterLoad
 * @typedef {{ files: BuiltFile[], gzip: number, later: LaterLoad[] }} Measured
 * @typedef {{ component: string, file: string }} Island
 * @typedef {{ route: string, prerendered: boolean, scripts: string[], islands: Island[], renderers: string[], inlineGzip: number | null }} PageEntries
 */

/** @param {string} text */
function gzipBytes(text) {
  return gzipSync(text).byteLength;
}

/** The server's manifest, as the build wrote it into one of its chunks. */
function readServerManifest(/** @type {string} */ serverDir) {
  const chunks = join(serverDir, 'chunks');
  for (const name of readdirSync(chunks)) {
    if (!name.endsWith('.mjs')) continue;
    const text = readFileSync(join(chunks, name), 'utf8');
    const found = /deserializeManifest\((\{.*\})\);\s*$/m.exec(text);
    if (found?.[1]) return JSON.parse(found[1]);
  }
  throw new Error(`No server manifest in ${chunks}: was this built with \`astro build\`?`);
}

/** Every server chunk a page's module reaches through static imports, the page's own first. */
function serverChunksOf(/** @type {string} */ serverDir, /** @type {string} */ pageChunk) {
  const seen = new Set();
  const queue = [join(serverDir, pageChunk)];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const [imports] = parse(readFileSync(file, 'utf8'));
    for (const item of imports) {
      if (item.d === -1 && item.n?.startsWith('.')) queue.push(join(file, '..', item.n));
    }
  }
  return [...seen];
}

/** `/_astro/…` of a module id the manifest knows (an island's source path, a script's id). */
function builtFileOf(/** @type {any} */ manifest, /** @type {string} */ id) {
  const file = manifest.entryModules[id];
  if (!file) throw new Error(`The manifest names no built file for ${id}`);
  return `/${file}`;
}

/** A source path as the budgets name it: `src/components/nav/InboxLink.tsx`. */
function projectPath(/** @type {any} */ manifest, /** @type {string} */ path) {
  return relative(fileURLToPath(manifest.rootDir), path).replaceAll('\\', '/');
}

/** The /_astro files a server-rendered page names: module scripts, island components, their renderer. */
function serverPageEntries(/** @type {string} */ serverDir, /** @type {any} */ manifest, /** @type {any} */ route) {
  const pageKey = `\0virtual:astro:page:${route.routeData.component.replace(/\.astro$/, '')}@_@astro`;
  const pageChunk = manifest.entryModules[pageKey];
  if (!pageChunk) throw new Error(`The manifest names no module for ${route.routeData.route} (${pageKey})`);
  const scripts = new Set(
    route.scripts.filter((/** @type {any} */ s) => s.type === 'external').map((/** @type {any} */ s) => s.value ?? s.src),
  );
  /** @type {Map<string, Island>} */
  const islands = new Map();
  for (const chunk of serverChunksOf(serverDir, pageChunk)) {
    const text = readFileSync(chunk, 'utf8');
    for (const [, id] of text.matchAll(SCRIPT)) scripts.add(builtFileOf(manifest, /** @type {string} */ (id)));
    for (const [, path] of text.matchAll(ISLAND)) {
      const component = projectPath(manifest, /** @type {string} */ (path));
      islands.set(component, { component, file: builtFileOf(manifest, /** @type {string} */ (path)) });
    }
  }
  const renderers = Object.entries(manifest.entryModules)
    .filter(([key]) => RENDERER.test(key))
    .map(([, file]) => `/${file}`);
  return { scripts: [...scripts], islands: [...islands.values()], renderers };
}

/** The /_astro files a prerendered page's HTML names, and the gzip bytes of its inline scripts. */
function htmlPageEntries(/** @type {string} */ html) {
  const entries = new Set();
  for (const [, src] of html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.m?js)"/g)) {
    entries.add(src);
  }
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entries.add(href);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.trim());
  return { scripts: /** @type {string[]} */ ([...entries]), inlineGzip: inline.length > 0 ? gzipBytes(inline.join('\n')) : 0 };
}

/** Built client files and what each imports, statically and dynamically (each read once). */
function clientGraph(/** @type {string} */ clientDir) {
  /** @type {Map<string, { bytes: number, gzip: number, statics: string[], dynamics: string[], urls: string[] }>} */
  const cache = new Map();
  return (/** @type {string} */ file) => {
    let node = cache.get(file);
    if (!node) {
      const text = readFileSync(join(clientDir, file), 'utf8');
      const [imports] = parse(text);
      const near = (/** @type {string} */ n) => join(file, '..', n).replaceAll('\\', '/');
      node = {
        bytes: Buffer.byteLength(text),
        gzip: gzipBytes(text),
        statics: imports.filter((i) => i.d === -1 && i.n?.startsWith('.')).map((i) => near(/** @type {string} */ (i.n))),
        dynamics: imports.filter((i) => i.d > -1 && i.n?.startsWith('.')).map((i) => near(/** @type {string} */ (i.n))),
        // pdf.js names its worker by URL, not by import: it is fetched when the document opens.
        urls: [...text.matchAll(/["'`](\/_astro\/[^"'`]+\.m?js)["'`]/g)].map((m) => /** @type {string} */ (m[1])),
      };
      cache.set(file, node);
    }
    return node;
  };
}

/** Every file the entries load before anything happens, each once; and what they may load later. */
function closure(/** @type {ReturnType<typeof clientGraph>} */ read, /** @type {string[]} */ entries, already = new Set()) {
  const seen = new Set();
  const later = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (seen.has(file) || already.has(file)) continue;
    seen.add(file);
    const node = read(file);
    queue.push(...node.statics);
    for (const d of node.dynamics) later.add(d);
  }
  return { seen, later };
}

/** @returns {BuiltFile[]} */
function builtFiles(/** @type {ReturnType<typeof clientGraph>} */ read, /** @type {Iterable<string>} */ files) {
  return [...files].map((file) => ({ file, bytes: read(file).bytes, gzip: read(file).gzip })).sort((a, b) => b.gzip - a.gzip);
}

const total = (/** @type {BuiltFile[]} */ files) => files.reduce((sum, f) => sum + f.gzip, 0);

/** Measures what some /_astro entries load: the files before anything happens, and each later load apart. */
export async function measureEntries(/** @type {string} */ distDir, /** @type {string[]} */ entries) {
  await init;
  const read = clientGraph(join(distDir, 'client'));
  const { seen, later } = closure(read, entries);
  /** @type {LaterLoad[]} */
  const laterLoads = [...later]
    .filter((entry) => !seen.has(entry))
    .map((entry) => {
      const extra = closure(read, [entry], seen).seen;
      for (const f of extra) for (const url of read(f).urls) if (!seen.has(url)) extra.add(url);
      const files = builtFiles(read, extra);
      return { entry, files, gzip: total(files) };
    });
  const files = builtFiles(read, seen);
  /** @type {Measured} */
  const measured = { files, gzip: total(files), later: laterLoads };
  return measured;
}

/** Every page of the build and the /_astro entries it names; `distDir` as `astro build` left it. */
export async function readPageEntries(distDir = 'dist') {
  await init;
  const serverDir = join(distDir, 'server');
  const clientDir = join(distDir, 'client');
  const manifest = readServerManifest(serverDir);
  /** @type {PageEntries[]} */
  const pages = [];
  for (const route of manifest.routes) {
    const data = route.routeData;
    if (data.type !== 'page' || data.origin !== 'project') continue;
    if (data.prerender) {
      const html = readFileSync(join(clientDir, `${data.route === '/' ? 'index' : data.route.slice(1)}.html`), 'utf8');
      const { scripts, inlineGzip } = htmlPageEntries(html);
      pages.push({ route: data.route, prerendered: true, scripts, islands: [], renderers: [], inlineGzip });
    } else {
      pages.push({ route: data.route, prerendered: false, ...serverPageEntries(serverDir, manifest, route), inlineGzip: null });
    }
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

/** The entries of one visit: the page's scripts, the islands shown, and their renderer when there is one. */
export function entriesOf(/** @type {PageEntries} */ page, /** @type {(island: Island) => boolean} */ shown = () => true) {
  const islands = page.islands.filter(shown);
  return [...page.scripts, ...islands.map((i) => i.file), ...(islands.length > 0 ? page.renderers : [])];
}

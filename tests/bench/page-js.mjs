// What JavaScript each page of the build loads before anyone does anything, read from `dist/` alone
// (no server): the page's module scripts, its islands' components and their renderer, and
// everything those import statically, each file counted once, in gzip bytes. Dynamic imports are
// what a page loads later (pdf.js when a fax opens, Stripe.js for a card): listed apart, never counted.
//
// Where a page's islands come from: a prerendered page's HTML names them. A server-rendered page is
// only HTML when someone asks, so its islands are read from the built server instead: the page's
// module and every server chunk it imports statically (its layout, its components) carry each
// `client:*` component's source path and each <script>'s id, and the server's manifest maps those to
// the built files under /_astro. A page counts every island it can show (the signed-in header's
// islands, a sent and a received fax's), so the figure is what its heaviest visit loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const ISLAND = /"client:component-path":\s*"([^"]+)"/g;
const SCRIPT = /renderScript\(\$\$result,\s*"([^"]+)"\)/g;
const RENDERER = /^@astrojs\/[^/]+\/client(\.js)?$/;

/** @typedef {{ file: string, bytes: number, gzip: number }} BuiltFile */
/** @typedef {{ entry: string, files: BuiltFile[], gzip: number }} LaterLoad */
/** @typedef {{ route: string, prerendered: boolean, entries: string[], files: BuiltFile[], gzip: number, later: LaterLoad[], inlineGzip: number | null }} PageJs */

function gzipBytes(text) {
  return gzipSync(text).byteLength;
}

/** The server's manifest, as the build wrote it into one of its chunks. */
function readServerManifest(serverDir) {
  const chunks = join(serverDir, 'chunks');
  for (const name of readdirSync(chunks)) {
    if (!name.endsWith('.mjs')) continue;
    const text = readFileSync(join(chunks, name), 'utf8');
    const found = /deserializeManifest\((\{.*\})\);\s*$/m.exec(text);
    if (found) return JSON.parse(found[1]);
  }
  throw new Error(`No server manifest in ${chunks}: was this built with \`astro build\`?`);
}

/** Every server chunk a page's module reaches through static imports, the page's own first. */
function serverChunksOf(serverDir, pageChunk) {
  const seen = new Set();
  const queue = [join(serverDir, pageChunk)];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const [imports] = parse(readFileSync(file, 'utf8'));
    for (const item of imports) {
      if (item.d === -1 && item.n?.startsWith('.')) queue.push(join(file, '..', item.n));
    }
  }
  return [...seen];
}

/** The /_astro files a server-rendered page names: module scripts, island components, their renderer. */
function serverPageEntries(serverDir, manifest, route) {
  const pageKey = `\0virtual:astro:page:${route.routeData.component.replace(/\.astro$/, '')}@_@astro`;
  const pageChunk = manifest.entryModules[pageKey];
  if (!pageChunk) throw new Error(`The manifest names no module for ${route.routeData.route} (${pageKey})`);
  const entries = new Set(route.scripts.filter((s) => s.type === 'external').map((s) => s.value ?? s.src));
  let islands = 0;
  for (const chunk of serverChunksOf(serverDir, pageChunk)) {
    const text = readFileSync(chunk, 'utf8');
    for (const [, id] of text.matchAll(SCRIPT)) entries.add(builtFileOf(manifest, id));
    for (const [, path] of text.matchAll(ISLAND)) {
      entries.add(builtFileOf(manifest, path));
      islands += 1;
    }
  }
  if (islands > 0) {
    for (const [key, file] of Object.entries(manifest.entryModules)) if (RENDERER.test(key)) entries.add(`/${file}`);
  }
  return [...entries];
}

function builtFileOf(manifest, id) {
  const file = manifest.entryModules[id];
  if (!file) throw new Error(`The manifest names no built file for ${id}`);
  return `/${file}`;
}

/** The /_astro files a prerendered page's HTML names, and the gzip bytes of its inline scripts. */
function htmlPageEntries(html) {
  const entries = new Set();
  for (const [, src] of html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.m?js)"/g))
    entries.add(src);
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entries.add(href);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((code) => code.trim());
  return { entries: [...entries], inlineGzip: inline.length > 0 ? gzipBytes(inline.join('\n')) : 0 };
}

/** Built client files and what each imports, statically and dynamically (read once per file). */
function clientGraph(clientDir) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) {
      const text = readFileSync(join(clientDir, file), 'utf8');
      const [imports] = parse(text);
      const near = (n) => join(file, '..', n).replaceAll('\\', '/');
      cache.set(file, {
        bytes: Buffer.byteLength(text),
        gzip: gzipBytes(text),
        statics: imports.filter((i) => i.d === -1 && i.n?.startsWith('.')).map((i) => near(i.n)),
        dynamics: imports.filter((i) => i.d > -1 && i.n?.startsWith('.')).map((i) => near(i.n)),
        // pdf.js names its worker by URL, not by import: it is fetched when the document opens.
        urls: [...text.matchAll(/["'`](\/_astro\/[^"'`]+\.m?js)["'`]/g)].map((m) => m[1]),
      });
    }
    return cache.get(file);
  };
}

/** Every file the entries load before anything happens, each once; and what they may load later. */
function closure(read, entries, already = new Set()) {
  const seen = new Set();
  const later = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || already.has(file)) continue;
    seen.add(file);
    const node = read(file);
    queue.push(...node.statics);
    for (const d of node.dynamics) later.add(d);
  }
  return { seen, later };
}

function builtFiles(read, files) {
  return [...files].map((file) => ({ file, bytes: read(file).bytes, gzip: read(file).gzip })).sort((a, b) => b.gzip - a.gzip);
}

/** Pages of the build and the JavaScript each loads; `distDir` as `astro build` left it. */
export async function measurePageJs(distDir = 'dist') {
  await init;
  const serverDir = join(distDir, 'server');
  const clientDir = join(distDir, 'client');
  const manifest = readServerManifest(serverDir);
  const read = clientGraph(clientDir);
  /** @type {PageJs[]} */
  const pages = [];
  for (const route of manifest.routes) {
    const data = route.routeData;
    if (data.type !== 'page' || data.origin !== 'project') continue;
    let entries;
    let inlineGzip = null;
    if (data.prerender) {
      const html = readFileSync(join(clientDir, `${data.route === '/' ? 'index' : data.route.slice(1)}.html`), 'utf8');
      ({ entries, inlineGzip } = htmlPageEntries(html));
    } else {
      entries = serverPageEntries(serverDir, manifest, route);
    }
    const { seen, later } = closure(read, entries);
    const laterLoads = [...later]
      .filter((entry) => !seen.has(entry))
      .map((entry) => {
        const extra = closure(read, [entry], seen).seen;
        for (const f of extra) for (const url of read(f).urls) if (!seen.has(url)) extra.add(url);
        const files = builtFiles(read, extra);
        return { entry, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
      });
    const files = builtFiles(read, seen);
    pages.push({
      route: data.route,
      prerendered: Boolean(data.prerender),
      entries,
      files,
      gzip: files.reduce((sum, f) => sum + f.gzip, 0),
      later: laterLoads,
      inlineGzip,
    });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

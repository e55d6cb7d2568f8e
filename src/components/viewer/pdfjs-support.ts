// Which build of pdf.js a browser can run (fax-document.ts loads that one; docs/decisions/032).

type Scope = Readonly<Record<string, unknown>>;

function has(owner: unknown, name: string): boolean {
  return typeof (owner as Scope | undefined)?.[name] === 'function';
}

const prototypeOf = (scope: Scope, name: string): unknown => (scope[name] as { prototype?: unknown } | undefined)?.prototype;

/**
 * Whether this browser has the newest JavaScript pdf.js's modern build calls without bringing it
 * (what its legacy build adds, core-js, and the modern build's main and worker scripts use).
 */
export function runsModernPdfjs(scope: object = globalThis): boolean {
  const globals = scope as Scope;
  return (
    has(prototypeOf(globals, 'Map'), 'getOrInsertComputed') &&
    has(prototypeOf(globals, 'Map'), 'getOrInsert') &&
    has(prototypeOf(globals, 'WeakMap'), 'getOrInsertComputed') &&
    has(globals.Math, 'sumPrecise') &&
    has(globals.Uint8Array, 'fromBase64') &&
    has(prototypeOf(globals, 'Uint8Array'), 'toBase64') &&
    has(prototypeOf(globals, 'Uint8Array'), 'toHex') &&
    has(prototypeOf(globals, 'Set'), 'intersection') &&
    has(globals.Promise, 'try') &&
    has(globals.Promise, 'withResolvers') &&
    has(globals.URL, 'parse') &&
    has(prototypeOf(globals, 'Iterator'), 'toArray')
  );
}

import { describe, expect, it } from 'vitest';
import { runsModernPdfjs } from '../../src/components/viewer/pdfjs-support';

// The viewer loads pdf.js's modern build where the browser has the JavaScript it calls, and the
// legacy build (which brings that JavaScript) anywhere else (docs/decisions/032).

const fn = (): void => undefined;

/** A browser's globals as far as the check looks, every feature there. */
function modernScope(): Record<string, unknown> {
  return {
    Map: { prototype: { getOrInsertComputed: fn, getOrInsert: fn } },
    WeakMap: { prototype: { getOrInsertComputed: fn } },
    Math: { sumPrecise: fn },
    Uint8Array: { fromBase64: fn, prototype: { toBase64: fn, toHex: fn } },
    Set: { prototype: { intersection: fn } },
    Promise: { try: fn, withResolvers: fn },
    URL: { parse: fn },
    Iterator: { prototype: { toArray: fn } },
  };
}

describe('which pdf.js build the viewer loads', () => {
  it('is the modern one where every feature it calls is there', () => {
    expect(runsModernPdfjs(modernScope())).toBe(true);
  });

  it.each([
    ['Map', 'getOrInsertComputed'],
    ['WeakMap', 'getOrInsertComputed'],
    ['Math', 'sumPrecise'],
    ['Uint8Array', 'fromBase64'],
    ['Uint8Array', 'toHex'],
    ['Set', 'intersection'],
    ['Promise', 'try'],
    ['URL', 'parse'],
    ['Iterator', 'toArray'],
  ])('is the legacy one without %s %s', (owner, name) => {
    const scope = modernScope();
    const holder = scope[owner] as Record<string, unknown> & { prototype?: Record<string, unknown> };
    if (name in holder) delete holder[name];
    else delete holder.prototype?.[name];
    expect(runsModernPdfjs(scope)).toBe(false);
  });

  it('is the legacy one in a browser without iterator helpers at all', () => {
    const { Iterator: _, ...scope } = modernScope();
    expect(runsModernPdfjs(scope)).toBe(false);
  });
});

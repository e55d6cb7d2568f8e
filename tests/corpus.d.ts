// The real-world corpus as tests/support/corpus-plugin.ts serves it.
declare module 'virtual:real-world-corpus' {
  export const manifest: import('./support/corpus').CorpusManifest;
  /** Each file's bytes in base64, by its path under tests/fixtures/real-world/. */
  export const files: Record<string, string>;
}

/** Chunks read from a stream, as one array of `length` bytes (their total). */
export function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The parts one after another, in one array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  return joinChunks(
    parts,
    parts.reduce((sum, part) => sum + part.byteLength, 0),
  );
}

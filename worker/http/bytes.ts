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

/** A stream's bytes, read as they come and abandoned the moment they pass `max` (null then). */
export async function readStreamAtMost(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return joinChunks(chunks, total);
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

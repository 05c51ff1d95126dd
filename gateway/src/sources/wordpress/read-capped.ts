// Reading an answer from WordPress with a cap on its size: a runaway or hostile upstream must not make
// the gateway hold more than it meant to read.

export class TooLargeError extends Error {
  constructor(readonly bytes: number) {
    super('too large');
  }
}

/**
 * The body's bytes, refusing (TooLargeError, the connection dropped) once it passes `limit` bytes: a
 * declared Content-Length over the limit is refused before reading anything. How the REST client, the
 * media originals (media/originals.ts) and the REST address check read WordPress.
 */
export async function readCappedBytes(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new TooLargeError(0);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLargeError(size);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A CSV file streamed to the browser: the header line first, then each chunk as its generator
 * makes it (a keyset batch of rows), so a large export never sits in memory. A download the
 * browser cancels stops the generator.
 */
export function csvDownload(
  fileName: string,
  header: string,
  chunks: AsyncGenerator<string, void, undefined>,
): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(header));
        return;
      }
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

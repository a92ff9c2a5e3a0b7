import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local receiver of webhook deliveries: it keeps every request and answers each path with
 * the statuses queued for it (then 200).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const queued = answers.get(path);
      const status = queued?.length ? queued.shift()! : 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** The next answers of `path`; `always` answers it with that status from now on. */
    answer: (path: string, statuses: number[]) => answers.set(path, [...statuses]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The signature a receiver checks, as WooCommerce documents it. */
export function expectedSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

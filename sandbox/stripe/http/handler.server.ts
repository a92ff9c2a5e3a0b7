import type http from 'node:http';
import type { ShopContext } from '#app/lib/context.server.ts';
import { sandboxActive } from '#app/domain/payments/stripe-setup.server.ts';
import { api } from './api.server.ts';
import { SANDBOX_PREFIX, browserSide } from './browser.server.ts';

/** True for the addresses the sandbox answers (cheap: checked on every request). */
export function isSandboxPath(pathname: string): boolean {
  return pathname.startsWith('/v1/') || pathname.startsWith(SANDBOX_PREFIX);
}

/**
 * The sandbox's mount point in the shop's server: answers `/v1/...` and `/__sandbox/stripe/...`
 * while the sandbox is active; returns false for every other request so the shop handles it.
 */
export async function handleSandboxRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: ShopContext,
  clientDir: string,
): Promise<boolean> {
  if (!sandboxActive(context.env)) return false;
  res.setHeader('Cache-Control', 'no-store');
  if (url.pathname.startsWith('/v1/')) {
    await api(req, res, url, context);
    return true;
  }
  await browserSide(req, res, url, context, clientDir);
  return true;
}

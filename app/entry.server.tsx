import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import { type VNode, options } from 'preact';
import { comingSoonDocument, comingSoonOf } from './http/pages/coming-soon.server.tsx';

export const streamTimeout = 5_000;

// A React-only hint the router puts on its scripts; React drops it, Preact would print it.
const nextVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && 'suppressHydrationWarning' in props) delete props.suppressHydrationWarning;
  nextVNodeHook?.(vnode);
};

/**
 * Pages are sent whole, not streamed: the shop's loaders await all their data, and a
 * complete document lets the server hash its inline scripts for the CSP and cache it.
 * Preact renders them (the browser hydrates with Preact as well); the async renderer waits
 * for everything the router suspends on, such as the loader data it writes into the page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const comingSoon = comingSoonOf(routerContext);
  if (comingSoon) {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    responseHeaders.set('Retry-After', '3600');
    responseHeaders.set('X-Robots-Tag', 'noindex');
    responseHeaders.set('Cache-Control', 'no-store');
    return new Response(comingSoonDocument(comingSoon), {
      headers: responseHeaders,
      status: 503,
    });
  }
  const page = (<ServerRouter context={routerContext} url={request.url} />) as unknown as VNode;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`rendering ${request.url} took longer than ${streamTimeout} ms`)),
      streamTimeout + 1000,
    );
  });
  try {
    const html = await Promise.race([renderToStringAsync(page), timeout]);
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(`<!DOCTYPE html>${html}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  } finally {
    clearTimeout(timer);
  }
}

// The server's render cache fills each visitor's parts into a shared page with these.
export { personalData, personalize } from './http/personal.server.ts';

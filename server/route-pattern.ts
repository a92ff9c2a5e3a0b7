import { type RouteObject, type ServerBuild, matchRoutes } from 'react-router';

type Manifest = ServerBuild['routes'];

/**
 * The route pattern a path belongs to (`/product/:slug`, `/checkout/order-received/:orderId`),
 * for logs and metrics: never the raw path, which carries ids and keys.
 */
export function routePatterns(build: ServerBuild): (pathname: string) => string {
  const tree = routeTree(build.routes);
  // Matching walks every route; the same few paths (cart, checkout) come again and again.
  const known = new Map<string, string>();
  return (pathname) => {
    const hit = known.get(pathname);
    if (hit !== undefined) return hit;
    if (known.size >= KNOWN_PATHS) known.clear();
    const pattern = patternOf(tree, pathname);
    known.set(pathname, pattern);
    return pattern;
  };
}

const KNOWN_PATHS = 2_000;

function patternOf(tree: RouteObject[], pathname: string): string {
  // A data request of single fetch names the page it loads for.
  const data = pathname.endsWith('.data');
  const page = data ? pathname.slice(0, -'.data'.length).replace(/\/_root$/, '') || '/' : pathname;
  const matches = matchRoutes(tree, page);
  if (!matches) return 'unmatched';
  const pattern = matches
    .map((m) => m.route.path ?? '')
    .filter(Boolean)
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/^\/?/, '/');
  return data ? `${pattern}.data` : pattern;
}

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route!.id);
      return route!.index
        ? { id: route!.id, index: true as const, path: route!.path }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
    });
}

/** Patterns of the paths the server answers before the app does. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export function serverPattern(pathname: string): string | null {
  if (OPS_PATHS.has(pathname)) return pathname;
  if (pathname.startsWith('/assets/')) return '/assets/*';
  if (pathname.startsWith('/media/')) return '/media/:file';
  if (pathname.startsWith('/v1/')) return '/v1/*';
  if (pathname.startsWith('/__sandbox/')) return '/__sandbox/*';
  return null;
}

import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route serves at this path (empty for a path no route serves). */
    allowedMethods?: (path: string) => string[];
  }
}

/**
 * Knows every route's path pattern, so a known path asked with a method it does not serve (TRACE, DELETE on
 * a read-only resource...) answers 405 with an Allow header instead of 404 (HTTP semantics; decision 041).
 * Call before any route is registered: it learns them as they are added.
 */
export function registerRouteMethods(app: FastifyInstance): void {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    const source = route.url
      .split('/')
      .map((segment) =>
        segment === '*'
          ? '.*'
          : segment
              .split(/(:[A-Za-z0-9_]+)/)
              .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
              .join(''),
      )
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}$`), methods });
  });
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    return [...allowed].sort();
  });
}

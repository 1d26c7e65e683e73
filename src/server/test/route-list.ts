import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The full path, with its parameters as `:name`. */
  url: string;
}

/**
 * Every route the app has registered, read from Fastify's own route tree (printRoutes), so that a
 * test covering "every route" covers a new one without being edited. HEAD twins of GET are left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    // Each level of the tree is indented by four characters ("│   " or "    ").
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

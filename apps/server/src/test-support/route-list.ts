import type { FastifyInstance } from 'fastify';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface ListedRoute {
  method: RouteMethod;
  path: string;
}

// Every route of the app, read from Fastify's route tree (commonPrefix off: a child's label is
// appended to its parent's path); HEAD and OPTIONS answers are Fastify's own and left out. The
// rights matrix and the malformed-input property test both walk this list, so a new route cannot
// slip past either.
export function listRoutes(app: FastifyInstance): ListedRoute[] {
  const routes: ListedRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as RouteMethod, path });
    }
  }
  return routes;
}

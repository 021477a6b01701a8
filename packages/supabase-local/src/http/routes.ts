// One route table per service: each row names a method, a path pattern and its
// handler, so a reader finds every endpoint of a service in one list.
//   '/admin/users/:id'   a ":name" segment matches one path segment (decoded)
//   '/object/:bucket/*'  a trailing "*" matches the rest of the path, slashes included
export interface RouteMatch {
  params: Record<string, string>;
  /** What a trailing "*" matched (raw, not decoded), or ''. */
  rest: string;
}

export interface Route<H> {
  method: string | readonly string[];
  path: string;
  handler: H;
}

interface Compiled<H> extends Route<H> {
  re: RegExp;
  names: string[];
}

/**
 * A route table's lookup: the first row whose method and path match, with its
 * parameters (each ":name" segment passed through `decode`).
 */
export function routeTable<H>(
  routes: readonly Route<H>[],
  decode: (segment: string) => string = decodeURIComponent,
): (method: string, path: string) => { handler: H; match: RouteMatch } | undefined {
  const compiled: Compiled<H>[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (segment === '*') return '(.*)';
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { ...route, names, re: new RegExp(`^${source}/?$`) };
  });
  return (method, path) => {
    for (const route of compiled) {
      const methods = typeof route.method === 'string' ? [route.method] : route.method;
      if (!methods.includes(method)) continue;
      const m = route.re.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decode(m[i + 1]!)));
      const rest = route.path.endsWith('*') ? (m[route.names.length + 1] ?? '') : '';
      return { handler: route.handler, match: { params, rest } };
    }
    return undefined;
  };
}

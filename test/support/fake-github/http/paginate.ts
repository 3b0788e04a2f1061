import type { RouteContext } from './route-types.js';

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

/** `page`/`per_page` slicing with a `Link` header like GitHub's (next, last, first, prev). */
export function paginate<T>(ctx: RouteContext, all: readonly T[], options: { defaultPerPage?: number; maxPerPage?: number } = {}): Page<T> {
  const perPage = Math.min(Math.max(Number(ctx.query.per_page ?? options.defaultPerPage ?? 30), 1), options.maxPerPage ?? 100);
  const page = Math.max(Number(ctx.query.page ?? 1), 1);
  const last = Math.max(Math.ceil(all.length / perPage), 1);
  const items = all.slice((page - 1) * perPage, page * perPage);
  const link = (p: number, rel: string) => {
    const url = new URL(ctx.url.pathname + ctx.url.search, ctx.baseUrl);
    url.searchParams.set('per_page', String(perPage));
    url.searchParams.set('page', String(p));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { items, headers: links.length ? { link: links.join(', ') } : {} };
}

import type { JsonPath } from './json-document.js';

/** A zod issue's path as a JSON path (zod allows symbol keys; JSON has none). */
export function issuePath(issue: { readonly path: readonly PropertyKey[] }): JsonPath {
  return issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
}

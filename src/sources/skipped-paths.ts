/**
 * Directories no source lists: VCS internals and installed dependencies. Every source applies
 * the same rule, so the same tree gives the same report from disk, git or the API.
 */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

export function isSkippedPath(path: string): boolean {
  const segments = path.split('/');
  return segments.slice(0, -1).some((s) => SKIPPED_DIRS.has(s));
}

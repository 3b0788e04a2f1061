import { replaceEach, type NormalisedView } from './text-view.js';

/**
 * A path that names folders only to climb back out of them (`~/.local/share/../../`, `"$HOME/.cache/.."`,
 * `/tmp/../*`): read as where it ends, so a rule that knows the home folder or the root knows it however deep the
 * detour. Each `..` cancels the named folder before it; one with nothing to cancel stays (`../..` is still above).
 */
const CLIMBING_PATH =
  /(?<![\w.$~/-])((?:~|\$\{?[A-Za-z_]\w{0,40}\}?|\.{1,2})?(?:\/[\w@%+=:,.-]{1,100}){0,12}\/(?!\.{1,2}(?:\/|$|[^\w.-]))[\w@%+=:,.-]{1,100}(?:\/\.\.(?=\/|$|[^\w.-]))(?:\/[\w@%+=:,.*?-]{1,100}){0,24}\/?)/g;

function folded(path: string): string | undefined {
  const parts = path.split('/');
  const out: string[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    // The first part is the path's root (`~`, `$HOME`, `` for `/`, `.`): a `..` climbs above it only from `.`.
    if (part === '..' && out.length > 1 && last !== '..' && last !== '.' && last !== '') out.pop();
    else if (part === '..' && out.length === 1 && last === '.') out[0] = '..';
    else out.push(part);
  }
  const result = out.join('/') || '/';
  return result === path ? undefined : result;
}

export function foldClimbingPaths(text: string): NormalisedView | undefined {
  if (!text.includes('/..')) return undefined;
  return replaceEach(text, CLIMBING_PATH, (m) => folded(m[1]!), 'shell-escape');
}

import { Minimatch } from 'minimatch';

// Each glob is compiled once: the checks match every path of a tree against the same few globs,
// and compiling one (minimatch's parser and a RegExp) costs far more than matching it. Patterns
// come from configs, so the map is bounded only in case a long-lived App sees very many.
const compiled = new Map<string, Minimatch>();
const MAX_COMPILED = 2000;

/** A glob with dotfiles (and optionally without case) compiled once per process. */
function compiledGlob(pattern: string, nocase: boolean): Minimatch {
  const key = `${nocase ? 'i' : 's'}${pattern}`;
  let glob = compiled.get(key);
  if (!glob) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    glob = new Minimatch(pattern, { dot: true, nocase });
    compiled.set(key, glob);
  }
  return glob;
}

/** minimatch(path, pattern, { dot: true, nocase }), with the pattern compiled once. */
export function matchesGlob(path: string, pattern: string, options: { nocase?: boolean } = {}): boolean {
  return compiledGlob(pattern, options.nocase ?? false).match(path);
}

/** What an ordered glob list says about a path: the last glob that matches it decides. */
export type GlobVerdict = 'included' | 'excluded' | undefined;

/**
 * The one rule for every glob list plangate reads (`scan.paths`, `scan.ignore[].paths`,
 * `plans.whenChanged`, `tasks.prdFiles`), the way .gitignore reads its lines: in order, the last
 * glob that matches the path decides — `included` by a plain glob, `excluded` by a `!glob` —
 * and a path no glob matches is `undefined` (neither named nor excluded).
 */
export function globListVerdict(path: string, globs: readonly string[]): GlobVerdict {
  for (let i = globs.length - 1; i >= 0; i--) {
    const glob = globs[i]!;
    const negated = glob.startsWith('!');
    if (matchesGlob(path, negated ? glob.slice(1) : glob)) return negated ? 'excluded' : 'included';
  }
  return undefined;
}

/** Whether an ordered glob list includes the path (the last matching glob is not a `!glob`). */
export function matchesGlobList(path: string, globs: readonly string[]): boolean {
  return globListVerdict(path, globs) === 'included';
}

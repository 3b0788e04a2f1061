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

/** Ordered globs, gitignore style: a later `!pattern` excludes what an earlier one included. */
export function matchesGlobList(path: string, globs: readonly string[]): boolean {
  let included = false;
  for (const glob of globs) {
    if (glob.startsWith('!')) {
      if (included && matchesGlob(path, glob.slice(1))) included = false;
    } else if (!included && matchesGlob(path, glob)) included = true;
  }
  return included;
}

import { JUSTFILE, MAKEFILE } from '../rules/shell-vocabulary.js';

/** One recipe (a justfile's) or rule (a Makefile's): the lines it runs and the recipes it runs first. */
export interface Recipe {
  /** 1-based line numbers, inclusive: its header (an inline `target: ; cmd`) to its last command. */
  from: number;
  to: number;
  /** Recipes it depends on or calls (`check: fmt lint test`, `$(MAKE) snapshot`, `just snapshot`). */
  runs: string[];
}

/** Most recipes read per file: a large generated Makefile still has one entry per rule read. */
const MAX_RECIPES = 500;

/** `name param="x" +args: dep (dep2 "arg") && after`: a justfile recipe's header (not an assignment `:=`). */
const JUST_HEADER = /^@?([A-Za-z_][\w-]{0,60})(?:[ \t]{1,8}[^:\n]{0,200}?)?[ \t]{0,8}:(?!=)([^\n]*)$/;
/** `a b: deps`, `a: deps ; cmd`: a Makefile rule's header (not `:=`, `::=`, nor an assignment before its colon). */
const MAKE_HEADER = /^([^\s:#=][^:#=\n]{0,300}?)[ \t]{0,8}::?(?!=)([^\n]*)$/;
/** A recipe that runs another (`just snapshot`, `make snapshot`, `$(MAKE) snapshot`). */
const CALLS = /(?:^|[\s;&|(])(?:just|make|\$\(MAKE\)|\$\{MAKE\})[ \t]{1,4}(?:-[\w-]{1,20}[ \t]{1,4}){0,3}([A-Za-z_][\w.-]{0,60})/g;

const namesIn = (text: string): string[] => [...text.matchAll(/[A-Za-z_][\w.-]{0,60}/g)].map((m) => m[0]);

/**
 * A justfile's recipes or a Makefile's rules by name, with the lines each runs: a command that says `just check` runs
 * `check` and what it depends on, not every recipe of the file. Undefined for any other file.
 */
export function recipesOf(path: string, text: string): Map<string, Recipe> | undefined {
  const just = JUSTFILE.test(path);
  if (!just && !MAKEFILE.test(path)) return undefined;
  const recipes = new Map<string, Recipe>();
  const lines = text.split(/\r?\n/);
  let open: Recipe[] = [];
  for (let i = 0; i < lines.length && recipes.size < MAX_RECIPES; i++) {
    const line = lines[i]!;
    if (/^[ \t]/.test(line) || !line.trim()) {
      // A recipe's body: indented lines (a tab in Make), blank lines within.
      if (line.trim())
        for (const recipe of open) {
          recipe.to = i + 1;
          for (const m of line.matchAll(CALLS)) recipe.runs.push(m[1]!);
        }
      continue;
    }
    if (/^\s{0,8}#/.test(line) || /^\[/.test(line)) continue;
    const header = (just ? JUST_HEADER : MAKE_HEADER).exec(line);
    if (
      !header ||
      (!just && /^\s{0,8}(?:\.PHONY|\.SUFFIXES|\.DEFAULT|include|-include|export|override|define|ifn?(?:eq|def))\b/.test(line))
    ) {
      open = [];
      continue;
    }
    const [deps, inline] = header[2]!.split(';', 2) as [string, string | undefined];
    // A justfile's dependency with arguments is `(name args)`; after `&&` come those run after it.
    const runs = just ? namesIn(deps.replace(/\(([\w-]{1,60})[^)]{0,200}\)/g, '$1').replace(/"[^"]*"|'[^']*'/g, '')) : namesIn(deps);
    if (inline) for (const m of inline.matchAll(CALLS)) runs.push(m[1]!);
    open = [];
    for (const name of just ? [header[1]!] : header[1]!.trim().split(/\s+/)) {
      const recipe: Recipe = { from: i + 1, to: i + 1, runs: [...runs] };
      if (!recipes.has(name)) recipes.set(name, recipe);
      open.push(recipe);
    }
  }
  return recipes;
}

/** Whether a line runs when `entry` is asked for: its lines, its dependencies', and those outside every recipe. */
export function linesRunBy(recipes: ReadonlyMap<string, Recipe>, entry: string): (line: number) => boolean {
  const seen = new Set<string>();
  const ranges: [number, number][] = [];
  const pending = [entry];
  while (pending.length) {
    const name = pending.pop()!;
    const recipe = recipes.get(name);
    if (!recipe || seen.has(name)) continue;
    seen.add(name);
    ranges.push([recipe.from, recipe.to]);
    for (const next of recipe.runs) pending.push(next);
  }
  const inSome = [...recipes.values()];
  // Lines outside every recipe (assignments, `$(shell …)` at the top) run whichever recipe is asked for.
  return (line) => ranges.some(([a, b]) => line >= a && line <= b) || !inSome.some((r) => line >= r.from && line <= r.to);
}

import { oncePerTextAndKey } from './once-per-text.js';
import { onlyRebuilt } from './s007-vocabulary.js';

/** Folders outside the workspace: the home folder and what is under it, the parent folder (`..`, `$(dirname "$ROOT")`), the machine's data folders. */
const OTHER_FOLDERS =
  /(?:^|[\s"'/])(?:~|\$\{?HOME\}?|\.\.)(?:[/"'\s]|$)|(?:^|[\s"'])\/(?:opt|srv|mnt|home|var\/lib)\/|\$\(dirname\s{1,4}["']?\$\{?\w{0,20}(?:ROOT|PWD|REPO|TOP|WORKSPACE|PROJECT)\w{0,20}\}?["']?\s{0,4}\)|\$\{\w{0,20}(?:PWD|ROOT|REPO|TOP|WORKSPACE|PROJECT)\w{0,20}%\/\*\}/i;
/** Folders that come back by themselves: caches, build output, temporary files. */
const REBUILT_FOLDERS = /(?:cache|caches|tmp|temp|node_modules|\.npm|\.pnpm-store|pip|build|dist|\.gradle|\.m2|DerivedData|logs?)\b/i;

/** The variable the calls of the function declared last before `at` pass as their first argument (`f "${repo%/}"`). */
function firstArgumentOfCalls(text: string, at: number): string | undefined {
  const before = text.slice(Math.max(0, at - 4000), at);
  let name: string | undefined;
  for (const m of before.matchAll(
    /(?:^|[\s;])(?:function\s{1,4})?([A-Za-z_][\w-]{0,60})\s{0,4}\(\s{0,4}\)\s{0,4}\{|\bfunction\s{1,4}([A-Za-z_][\w-]{0,60})\s{0,4}\{/g,
  ))
    name = m[1] ?? m[2];
  if (!name) return undefined;
  return new RegExp(String.raw`(?:^|[\s;&|])${name}\s{1,4}["']?\$\{?(\w{1,40})`, 'm').exec(text.slice(at))?.[1];
}

/**
 * Whether the variable `name` walks folders outside the workspace: a loop's list names them (`for r in ~/code ..`),
 * a `while read` is fed by a search of them (`find "$HOME" -name .git | while read -r g`), or it is set from a variable
 * that does (`repo="$(dirname "$g")"`, the folders inside another loop's list). Once per unit and name.
 */
export const loopsOverOtherFolders = oncePerTextAndKey((text, name): boolean => {
  // Walk up where each variable comes from; each name once, so loops that name each other end.
  const seen = new Set<string>();
  for (let current: string | undefined = name; current !== undefined && !seen.has(current);) {
    seen.add(current);
    const list: string | undefined = new RegExp(String.raw`\bfor\s{1,4}${current}\s{1,4}in\s([^\n;]{1,300})`).exec(text)?.[1];
    if (list) {
      if (OTHER_FOLDERS.test(list)) return !REBUILT_FOLDERS.test(list);
      // A glob in a variable's folder (`"$base"/*`), or a variable that holds the whole list (`for r in $(ROOTS)`).
      // An array's words (`for dir in "${CHECKOUTS[@]}"`) too.
      current = (/["']?\$\{?(\w{1,40})\}?["']?\/\*/.exec(list) ??
        /^\s{0,4}["']?\$\{?(\w{1,40})(?:\[[@*]\])?\}?["']?\s{0,4}$/.exec(list))?.[1];
      continue;
    }
    // A list a line of its own sets (`ROOTS := $(wildcard $(HOME)/*/.git)` in Make, `ROOTS="$HOME/code/*"` in a shell).
    // Fish sets it with `set`: `set -l repos $project ~/code/* ~/src/*`.
    const value =
      new RegExp(String.raw`^[ \t]{0,8}${current}[ \t]{0,4}(?:::?|\?|\+)?=[ \t]{0,4}([^\n]{1,300})`, 'm').exec(text)?.[1] ??
      new RegExp(String.raw`^[ \t]{0,8}set[ \t]{1,4}(?:-[a-zA-Z]{1,4}[ \t]{1,4}){0,3}${current}[ \t]{1,4}([^\n(]{1,300})$`, 'm').exec(
        text,
      )?.[1];
    if (value && OTHER_FOLDERS.test(value)) return !REBUILT_FOLDERS.test(value);
    const fed =
      new RegExp(
        String.raw`\b(?:find|ls|fd)\s([^|\n]{1,300})\|\s{0,4}while\s{1,4}(?:IFS=\S{0,8}\s{1,4})?read\s{1,4}(?:-r\s{1,4})?${current}\b`,
      ).exec(text)?.[1] ??
      // Or fed from a process substitution after its `done` (`while read -r -d '' d; do … done < <(find "$root" …)`).
      new RegExp(
        String.raw`\bwhile\s{1,4}(?:IFS=\S{0,8}\s{1,4})?read\s{1,4}(?:-[rd]{1,2}\s{1,4}(?:''\s{1,4}|""\s{1,4})?){0,3}${current}\b[^]{0,600}?\bdone\s{0,4}<\s{0,4}<\(\s{0,4}(?:find|ls|fd)\s([^\n]{1,300}?)\)[ \t]{0,8}$`,
        'm',
      ).exec(text)?.[1] ??
      // Or an array filled from a search (`mapfile -t CHECKOUTS < <(find "$WORKSPACE" -maxdepth 2 -name .git -printf '%h\n')`).
      new RegExp(
        String.raw`\b(?:mapfile|readarray)\s{1,4}(?:-[a-zA-Z]{1,4}\s{1,4}(?:\d{1,3}\s{1,4})?){0,4}${current}\s{0,4}<\s{0,4}<\(\s{0,4}(?:find|ls|fd)\s([^\n]{1,300}?)\)[ \t]{0,8}$`,
        'm',
      ).exec(text)?.[1];
    if (fed) {
      // A search by name removes what it names: only build output (every `-name` rebuilt) comes back.
      if (OTHER_FOLDERS.test(fed)) return /-i?name\s/.test(fed) ? !onlyRebuilt(fed) : !REBUILT_FOLDERS.test(fed);
      // A search of a folder a variable holds (`find "$parent" … | while read -r d`): where that variable points.
      current = /^\s{0,4}["']?\$\{?(\w{1,40})/.exec(fed)?.[1];
      continue;
    }
    // Set to where a `cd` lands (`scan="$(cd "$ROOT" && cd .. && pwd)"`): that folder.
    const landed = new RegExp(String.raw`(?:^|[\s;])${current}=["']?\$\(\s{0,4}(cd\s[^)\n]{1,200})\)`, 'm').exec(text)?.[1];
    if (landed && /&&\s{0,4}pwd\b/.test(landed)) return OTHER_FOLDERS.test(landed) && !REBUILT_FOLDERS.test(landed);
    // The folder above the repository's root or the working directory (`parent="$(dirname "$self")"`, self the top level).
    const above = new RegExp(String.raw`(?:^|[\s;])${current}=["']?\$\(dirname\s{1,4}["']?\$\{?(\w{1,40})\}?["']?\s{0,4}\)`, 'm').exec(
      text,
    )?.[1];
    if (
      above &&
      new RegExp(
        String.raw`(?:^|[\s;])${above}=["']?(?:\$\(\s{0,4}(?:git\s{1,4}rev-parse\s{1,4}--show-toplevel|pwd)\b|\$\{?PWD\b)`,
        'm',
      ).test(text)
    )
      return true;
    const set = new RegExp(
      String.raw`(?:^|[\s;])${current}=["']?(?:\$\((?:dirname|realpath|readlink\s{1,4}-f)\s{1,4})?["']?\$\{?(\w{1,40})\}?`,
      'm',
    ).exec(text);
    current = set?.[1];
    // A function's first argument (`reset_repo() { local r="$1"; …}` … `reset_repo "$repo"`): what the calls pass.
    if (current === '1' && set) current = firstArgumentOfCalls(text, set.index);
  }
  return false;
});

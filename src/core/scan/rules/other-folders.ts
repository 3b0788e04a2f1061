import { oncePerTextAndKey } from './once-per-text.js';

/** Folders outside the workspace: the home folder and what is under it, the parent folder (`..`, `$(dirname "$ROOT")`), the machine's data folders. */
const OTHER_FOLDERS =
  /(?:^|[\s"'])(?:~|\$\{?HOME\}?|\.\.)(?:[/"'\s]|$)|(?:^|[\s"'])\/(?:opt|srv|mnt|home|var\/lib)\/|\$\(dirname\s{1,4}["']?\$\{?\w{0,20}(?:ROOT|PWD|REPO|TOP|WORKSPACE|PROJECT)\w{0,20}\}?["']?\s{0,4}\)|\$\{PWD%\/\*\}/i;
/** Folders that come back by themselves: caches, build output, temporary files. */
const REBUILT_FOLDERS = /(?:cache|caches|tmp|temp|node_modules|\.npm|\.pnpm-store|pip|build|dist|\.gradle|\.m2|DerivedData|logs?)\b/i;

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
      current = /["']?\$\{?(\w{1,40})\}?["']?\/\*/.exec(list)?.[1];
      continue;
    }
    const fed = new RegExp(
      String.raw`\b(?:find|ls|fd)\s([^|\n]{1,300})\|\s{0,4}while\s{1,4}(?:IFS=\S{0,8}\s{1,4})?read\s{1,4}(?:-r\s{1,4})?${current}\b`,
    ).exec(text)?.[1];
    if (fed) return OTHER_FOLDERS.test(fed) && !REBUILT_FOLDERS.test(fed);
    current = new RegExp(
      String.raw`(?:^|[\s;])${current}=["']?(?:\$\((?:dirname|realpath|readlink\s{1,4}-f)\s{1,4})?["']?\$\{?(\w{1,40})\}?`,
      'm',
    ).exec(text)?.[1];
  }
  return false;
});

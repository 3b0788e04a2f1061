import { foldClimbingPaths } from './fold-climbing-paths.js';
import { joinStringPieces } from './join-string-pieces.js';
import { normaliseShellWords } from './normalise-shell-words.js';
import { normaliseUnicode } from './normalise-unicode.js';
import { normaliseWrittenScripts } from './written-scripts.js';
import { throughSteps, type NormalisedView } from './text-view.js';

export type { NormalisedView } from './text-view.js';

/**
 * The file text as every text and command rule reads it: Unicode folded (invisible characters
 * removed, NFKC compatibility forms, look-alike letters by their UTS #39 skeleton), strings cut into
 * short pieces joined, a script a script writes read as written, then shell words joined (quotes and backslashes inside a command name,
 * variables that expand to one). Undefined when the text reads the same (an ASCII file without such
 * words costs one search). Last, a path that climbs out of the folders it names is read as where it ends.
 */
export function normaliseForRules(text: string): NormalisedView | undefined {
  return throughSteps(text, [normaliseUnicode, joinStringPieces, normaliseWrittenScripts, normaliseShellWords, foldClimbingPaths]);
}

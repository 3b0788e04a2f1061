import type { ChangedLines } from '../core/check-context.js';
import { WHOLE_FILE, type LineRange } from '../core/diff-hunks.js';
import { parseGitPatch } from '../core/parse-git-patch.js';
import { git } from './git.js';

/**
 * Options for every diff plangate reads: no external diff or textconv (nothing the repository
 * or the user's config names runs), no renames (a renamed file is new in every line), and
 * paths relative to the directory checked, as the snapshot names them.
 */
const DIFF = ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--no-color', '--no-renames', '--relative'];

function rangeOf(base: string, head?: string): string[] {
  return head ? [base, head, '--'] : [base, '--'];
}

const decoder = new TextDecoder();
const nulSeparated = (bytes: Buffer): string[] => decoder.decode(bytes).split('\0').filter(Boolean);

async function listUntracked(repoDir: string): Promise<string[]> {
  return nulSeparated(await git(repoDir, ['ls-files', '-z', '--others', '--exclude-standard']));
}

/**
 * Files a change touches relative to `base`: against `head` when given, else against the
 * working tree (untracked files included, ignored ones not).
 */
export async function listChangedFilesFromGit(repoDir: string, base: string, head?: string): Promise<string[]> {
  const files = new Set(nulSeparated(await git(repoDir, [...DIFF, '--name-only', '-z', ...rangeOf(base, head)])));
  if (!head) (await listUntracked(repoDir)).forEach((f) => files.add(f));
  return [...files].sort();
}

/**
 * Lines a change adds or edits, per file (for `failScope: changed`). The file list comes from
 * `--raw -z` (raw names, no diff computed), the lines from one patch read section by section;
 * binary and `-diff` files, untracked files, a changed file the patch does not account for, and
 * every file when the patch does not parse count as wholly changed.
 */
export async function listChangedLinesFromGit(repoDir: string, base: string, head?: string): Promise<ChangedLines> {
  const range = rangeOf(base, head);
  const [raw, patch, untracked] = await Promise.all([
    git(repoDir, [...DIFF, '--raw', '-z', ...range]),
    git(repoDir, [...DIFF, '--src-prefix=a/', '--dst-prefix=b/', '--unified=0', '--inter-hunk-context=0', ...range]),
    head ? Promise.resolve([]) : listUntracked(repoDir),
  ]);
  const added = parseGitPatch(decoder.decode(patch));
  const changed = pathsOfRawDiff(nulSeparated(raw));
  const result = new Map<string, LineRange[]>();
  for (const path of changed) result.set(path, added?.get(path) ?? [WHOLE_FILE]);
  // A section for a file the listing does not have means the two were read differently.
  if (!added || [...added.keys()].some((path) => !changed.has(path))) for (const path of changed) result.set(path, [WHOLE_FILE]);
  for (const path of untracked) result.set(path, [WHOLE_FILE]);
  return result;
}

/** `:<modes> <shas> <status>` records, each followed by its path (no renames: one path each). */
function pathsOfRawDiff(fields: string[]): Set<string> {
  const paths = new Set<string>();
  for (let i = 0; i < fields.length; i++) if (fields[i]!.startsWith(':') && i + 1 < fields.length) paths.add(fields[++i]!);
  return paths;
}

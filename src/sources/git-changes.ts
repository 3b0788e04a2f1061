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
 * `--numstat -z` (raw names, `-` counts for binary and `-diff` files); binary files, untracked
 * files and every file when the patch does not parse count as wholly changed.
 */
export async function listChangedLinesFromGit(repoDir: string, base: string, head?: string): Promise<ChangedLines> {
  const range = rangeOf(base, head);
  const [numstat, patch, untracked] = await Promise.all([
    git(repoDir, [...DIFF, '--numstat', '-z', ...range]),
    git(repoDir, [...DIFF, '--unified=0', '--inter-hunk-context=0', ...range]),
    head ? Promise.resolve([]) : listUntracked(repoDir),
  ]);
  const added = parseGitPatch(decoder.decode(patch));
  const result = new Map<string, LineRange[]>();
  for (const record of nulSeparated(numstat)) {
    const [additions, , ...name] = record.split('\t');
    const path = name.join('\t');
    const binary = additions === '-';
    result.set(path, binary || !added ? [WHOLE_FILE] : (added.get(path) ?? []));
  }
  // A name in the patch that the file list does not have means the two were read differently.
  if (added && [...added.keys()].some((path) => !result.has(path))) for (const path of result.keys()) result.set(path, [WHOLE_FILE]);
  for (const path of untracked) result.set(path, [WHOLE_FILE]);
  return result;
}

import type { ChangedLines } from '../core/check-context.js';
import { git } from './git.js';

const QUIET = ['-c', 'core.quotepath=off', '-c', 'diff.noprefix=false'];

/**
 * Files a change touches relative to `base`: against `head` when given, else against the
 * working tree (untracked files included, ignored ones not).
 */
export async function listChangedFilesFromGit(repoDir: string, base: string, head?: string): Promise<string[]> {
  const range = head ? [base, head] : [base];
  const diff = await git(repoDir, [...QUIET, 'diff', '--name-only', '-z', '--no-renames', ...range, '--']);
  const files = new Set(diff.toString('utf8').split('\0').filter(Boolean));
  if (!head) {
    const untracked = await git(repoDir, ['ls-files', '-z', '--others', '--exclude-standard']);
    untracked.toString('utf8').split('\0').filter(Boolean).forEach((f) => files.add(f));
  }
  return [...files].sort();
}

/** Lines a change adds or edits, per file (for `failScope: changed`). */
export async function listChangedLinesFromGit(repoDir: string, base: string, head?: string): Promise<ChangedLines> {
  const range = head ? [base, head] : [base];
  const diff = (await git(repoDir, [...QUIET, 'diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', ...range, '--'])).toString('utf8');
  const result = new Map<string, [number, number][]>();
  let current: [number, number][] | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const path = line.slice(4);
      current = path === '/dev/null' ? undefined : [];
      if (current) result.set(path.replace(/^b\//, ''), current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      if (count > 0) current.push([start, start + count - 1]);
    }
  }
  return result;
}

import type { ChangedLines } from '../core/check-context.js';
import { addedLineRanges } from '../core/diff-hunks.js';
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
  // Split per file at each `+++ ` header; the hunks that follow belong to it.
  for (const section of diff.split(/^\+\+\+ /m).slice(1)) {
    const newline = section.indexOf('\n');
    const path = section.slice(0, newline < 0 ? undefined : newline);
    if (path !== '/dev/null') result.set(path.replace(/^b\//, ''), addedLineRanges(section));
  }
  return result;
}

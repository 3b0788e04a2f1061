import type { ScanDiagnostic } from './scan-types.js';

/**
 * Git LFS pointer files start with this line (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md):
 * the blob in the repository is a reference, and `git lfs pull` replaces it with content stored elsewhere.
 */
const LFS_POINTER_START = 'version https://git-lfs.github.com/spec/v1\n';
/** The spec caps a pointer file at 1024 bytes. */
const LFS_POINTER_MAX_BYTES = 1024;

/** Whether these bytes are a Git LFS pointer (what the repository holds instead of the content). */
export function isLfsPointer(bytes: Uint8Array): boolean {
  if (bytes.length > LFS_POINTER_MAX_BYTES || bytes.length < LFS_POINTER_START.length) return false;
  for (let i = 0; i < LFS_POINTER_START.length; i++) if (bytes[i] !== LFS_POINTER_START.charCodeAt(i)) return false;
  return true;
}

export type ExternalContent = 'submodule' | 'lfs';

/**
 * Content an agent will run or read but that is not in this repository's tree (a submodule's
 * commit, an LFS object) cannot be reviewed here: an error naming it, never a silent skip.
 * `via` names the scanned command that references it, when one does.
 */
export function notInRepositoryDiagnostic(path: string, kind: ExternalContent, via?: string): ScanDiagnostic {
  const what =
    kind === 'submodule'
      ? `${path} is a git submodule (a commit of another repository)`
      : `${path} is a Git LFS pointer (its content is stored outside the repository)`;
  return {
    ruleId: 'scan/content_not_in_repository',
    severity: 'error',
    message: `${what}${via ? `, referenced by ${via}` : ''}: content not in this repository cannot be reviewed, and \`${kind === 'submodule' ? 'git clone --recursive' : 'git lfs pull'}\` gives users whatever it holds.`,
    help:
      kind === 'submodule'
        ? 'Vendor the files into the repository, or allow this submodule at a pinned commit in the base branch config (scan.submodules).'
        : 'Commit the file itself (not through Git LFS): text an agent runs must be reviewable in the pull request.',
  };
}

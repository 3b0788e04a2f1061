import type { ScanConfig } from '../../config/schema.js';
import type { SnapshotEntry } from '../../snapshot.js';
import { notInRepositoryDiagnostic } from '../not-in-repository.js';
import type { ScanDiagnostic } from '../scan-types.js';

export type AllowedSubmodule = ScanConfig['submodules'][number];

/**
 * A git submodule where the scanner would read: an error naming it, unless `scan.submodules`
 * (read from the base branch) allows this path at exactly the commit the tree pins, with a reason.
 * A commit the source does not know (a checkout that does not record it) is never allowed.
 */
export function judgeSubmodule(entry: SnapshotEntry, allowed: readonly AllowedSubmodule[]): ScanDiagnostic | undefined {
  const pinned = entry.sha?.toLowerCase();
  const named = allowed.filter((a) => a.path.replace(/^\.\//, '').replace(/\/+$/, '') === entry.path);
  if (pinned && named.some((a) => a.reason.trim() && a.commit.toLowerCase() === pinned)) return undefined;
  const diagnostic = notInRepositoryDiagnostic(entry.path, 'submodule');
  const at = pinned ? ` This tree pins it at ${pinned}.` : ' Its commit is not recorded where plangate can read it.';
  const why = named.length
    ? named.some((a) => !a.reason.trim())
      ? ' scan.submodules names it without a reason, which allows nothing.'
      : ` scan.submodules allows it at ${named.map((a) => a.commit).join(', ')}, not at this commit.`
    : '';
  return { ...diagnostic, message: `${diagnostic.message}${at}${why}` };
}

import { posix } from 'node:path';
import type { ScanDiagnostic } from './scan-types.js';

/** Whether a link target (as stored) resolves outside the repository root. */
export function linkLeavesRepo(linkPath: string, target: string): boolean {
  if (/^(?:\/|\\|[A-Za-z]:[\\/])/.test(target)) return true;
  const resolved = posix.normalize(posix.join(posix.dirname(linkPath), target.replace(/\\/g, '/')));
  return resolved === '..' || resolved.startsWith('../');
}

/** Symlinks are never followed: a notice, or a warning when the link points out of the repository. */
export function symlinkDiagnostic(linkPath: string, target: string | undefined): ScanDiagnostic {
  const outside = target !== undefined && linkLeavesRepo(linkPath, target);
  return {
    ruleId: 'scan/symlink_skipped',
    severity: outside ? 'warning' : 'notice',
    message: outside
      ? `Symlink to ${JSON.stringify(target)} points outside the repository; it was not followed or scanned, and an agent that follows it reads files the review never sees.`
      : `Symlink${target === undefined ? '' : ` to ${JSON.stringify(target)}`} was not followed; the file it points to is scanned where it lives if it is under scan.paths.`,
    help: outside ? 'Replace the link with the file itself, or remove it.' : undefined,
  };
}

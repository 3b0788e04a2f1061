import { matchesGlob, matchesGlobList } from '../glob-match.js';
import type { ResolvedConfig } from '../config/resolve-config.js';
import type { RepoSnapshot } from '../snapshot.js';

export interface TaskFileSet {
  /** Configured Ralphdex task files that exist as regular files. */
  taskFiles: string[];
  /** The configured claims file, when it exists. */
  claimsFile?: string;
  /** ralph prd.json files: `tasks.prdFiles` globs plus `<plans.dir>/prd-*.json` sidecars. */
  prdFiles: string[];
  /** Lock files a crashed Ralphdex run leaves next to its task and claims files. */
  lockFiles: string[];
}

/**
 * Which files the tasks check reads, from config alone. A configured file that is not
 * in the tree is simply not checked (the plans check reports required artifacts).
 */
export function findTaskFiles(snapshot: RepoSnapshot, config: ResolvedConfig): TaskFileSet {
  const isFile = (path: string): boolean => {
    const mode = snapshot.entry(path)?.mode;
    return mode === 'file' || mode === 'executable';
  };
  const configuredTaskFiles = unique(config.tasks.files.map(cleanPath));
  const taskFiles = configuredTaskFiles.filter(isFile);
  const claimsPath = cleanPath(config.tasks.claims);
  const claimsFile = isFile(claimsPath) ? claimsPath : undefined;

  const taken = new Set([...taskFiles, ...(claimsFile ? [claimsFile] : [])]);
  const sidecar = `${cleanPath(config.plans.dir).replace(/\/+$/, '')}/prd-*.json`;
  const globs = config.tasks.prdFiles;
  const prdFiles = snapshot
    .entries()
    .filter((e) => (e.mode === 'file' || e.mode === 'executable') && !taken.has(e.path))
    .filter((e) => matchesGlobList(e.path, globs) || matchesGlob(e.path, sidecar, { nocase: true }))
    .map((e) => e.path);

  const lockCandidates = [
    ...configuredTaskFiles.flatMap((f) => [siblingPath(f, 'tasks.lock'), siblingPath(f, 'state.lock')]),
    `${claimsPath}.lock`,
  ];
  const lockFiles = unique(lockCandidates).filter((p) => snapshot.entry(p) !== undefined);
  return { taskFiles, claimsFile, prdFiles, lockFiles };
}

function cleanPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/^\/+/, '');
}

function siblingPath(file: string, name: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? name : `${file.slice(0, slash)}/${name}`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * A read-only view of one tree of a repository. Every source (local directory,
 * git commit, GitHub API) implements it; the core never asks where files came from.
 */
export type EntryMode = 'file' | 'executable' | 'symlink' | 'submodule';

export interface SnapshotEntry {
  /** Repo-relative path with `/` separators, never starting with `./` or `/`. */
  readonly path: string;
  /** Git blob SHA when the source knows it without reading the file (git, GitHub). */
  readonly sha?: string;
  /** Size in bytes (for a symlink: the length of its target). */
  readonly size: number;
  readonly mode: EntryMode;
}

export interface RepoSnapshot {
  /** Every entry of the tree, sorted by path (code-unit order). Directories are implied. */
  entries(): readonly SnapshotEntry[];
  /** Entry for a path, or undefined. */
  entry(path: string): SnapshotEntry | undefined;
  /** File bytes; undefined when the path is not a regular file of the tree. Never follows symlinks. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /** Target of a symlink entry, as stored; undefined for other entries. */
  readLink(path: string): Promise<string | undefined>;
  /** Git blob SHA of a file (computed from its bytes when the source does not know it). */
  blobSha(path: string): Promise<string | undefined>;
  /** Folders the source did not list (installed dependencies, VCS internals), when it knows them. */
  skippedDirs?(): readonly string[];
  /** Commit time of the evaluated commit, when the source has one (reproducible "now"). */
  readonly commitTime?: Date;
  /** A short label for messages: "working tree", "commit abc1234", … */
  readonly label: string;
}

/** The path order every source uses, so reports do not depend on locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

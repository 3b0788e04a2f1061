import { CatFileBatch } from './cat-file-batch.js';
import { isSkippedPath } from './skipped-paths.js';
import { git, gitText, resolveCommit } from './git.js';
import { compareCodeUnits, type EntryMode, type RepoSnapshot, type SnapshotEntry } from '../core/snapshot.js';

const MODES: Record<string, EntryMode> = { '100644': 'file', '100755': 'executable', '120000': 'symlink', '160000': 'submodule' };

/**
 * The tree of one git commit: `git ls-tree -r -z -l` for the listing and a single
 * `git cat-file --batch` process for every read (not one process per file). Opened in a
 * subdirectory of a repository, it holds that subdirectory with paths relative to it, the way
 * a snapshot of the same directory on disk names them.
 */
export class GitCommitSnapshot implements RepoSnapshot {
  readonly label: string;
  private readonly byPath: Map<string, SnapshotEntry>;

  private constructor(
    readonly repoDir: string,
    readonly commitSha: string,
    readonly commitTime: Date,
    private readonly list: SnapshotEntry[],
    private readonly batch: CatFileBatch,
  ) {
    this.label = `commit ${commitSha.slice(0, 12)}`;
    this.byPath = new Map(list.map((e) => [e.path, e]));
  }

  static async open(repoDir: string, rev: string): Promise<GitCommitSnapshot> {
    const sha = await resolveCommit(repoDir, rev);
    if (!sha) throw new Error(`\`${rev}\` is not a commit in ${repoDir}`);
    const [listing, time] = await Promise.all([
      git(repoDir, ['ls-tree', '-r', '-z', '-l', sha]),
      gitText(repoDir, ['show', '-s', '--format=%ct', sha]),
    ]);
    const list: SnapshotEntry[] = [];
    for (const record of listing.toString('utf8').split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, objectSha, size] = record.slice(0, tab).split(/\s+/);
      const path = record.slice(tab + 1);
      const entryMode = MODES[mode ?? ''];
      if (!entryMode || (type !== 'blob' && type !== 'commit') || isSkippedPath(path)) continue;
      list.push({ path, sha: objectSha, size: size === '-' ? 0 : Number(size), mode: entryMode });
    }
    list.sort((a, b) => compareCodeUnits(a.path, b.path));
    return new GitCommitSnapshot(repoDir, sha, new Date(Number(time) * 1000), list, await CatFileBatch.start(repoDir));
  }

  entries(): readonly SnapshotEntry[] {
    return this.list;
  }

  entry(path: string): SnapshotEntry | undefined {
    return this.byPath.get(path);
  }

  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const entry = this.byPath.get(path);
    if (!entry?.sha || (entry.mode !== 'file' && entry.mode !== 'executable')) return undefined;
    return this.readListed(path, entry.sha);
  }

  async readLink(path: string): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    if (!entry?.sha || entry.mode !== 'symlink') return undefined;
    return (await this.readListed(path, entry.sha)).toString('utf8');
  }

  /**
   * A blob the tree lists but the object store does not have (a partial clone that cannot fetch
   * it) is an error, never "no such file": a missing base config must not read as no config.
   */
  private async readListed(path: string, sha: string): Promise<Buffer> {
    const bytes = await this.batch.read(sha);
    if (!bytes)
      throw new Error(
        `${path} is in ${this.label} but its content (blob ${sha.slice(0, 12)}) is not in the repository; a partial clone could not fetch it`,
      );
    return bytes;
  }

  async blobSha(path: string): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    return entry?.mode === 'submodule' ? undefined : entry?.sha;
  }

  /** Stops the cat-file process; reads after this fail. */
  close(): void {
    this.batch.close();
  }
}

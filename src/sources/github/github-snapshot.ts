import type { RepoSnapshot, SnapshotEntry } from '../../core/snapshot.js';
import { BlobCache } from './blob-cache.js';
import { BlobLoader } from './blob-loader.js';
import { fetchTreeEntries } from './fetch-tree-entries.js';
import type { OctokitLike } from '../../github/octokit-like.js';

export interface GitHubSnapshotOptions {
  octokit: OctokitLike;
  owner: string;
  repo: string;
  commitSha: string;
  /**
   * Shared across snapshots and events (a snapshot-local 64 MiB cache otherwise). Size it above
   * the bytes one evaluation reads: a prefetched blob evicted before it is read is fetched again.
   */
  cache?: BlobCache;
  /** Paths to fetch right after listing (what the enabled checks will read), in ⌈n/100⌉ GraphQL calls. */
  prefetch?: (entries: readonly SnapshotEntry[]) => readonly string[];
  /** Tree requests allowed when GitHub cuts the recursive listing (see fetchTreeEntries). */
  maxTreeRequests?: number;
  /** The commit time: given, or `'fetch'` to read `committedDate` with the first GraphQL batch. */
  commitTime?: Date | 'fetch';
  /** Blobs per GraphQL query (≤ 100). */
  batchSize?: number;
  /** API requests in flight at once (default 2). */
  concurrency?: number;
}

const isFile = (e: SnapshotEntry | undefined): e is SnapshotEntry => e?.mode === 'file' || e?.mode === 'executable';

/**
 * One commit of a GitHub repository, read through the API: one recursive tree call (the tree in
 * parts when GitHub cuts it), then only the blobs that are read, batched through GraphQL and
 * cached by blob SHA.
 */
export class GitHubSnapshot implements RepoSnapshot {
  readonly label: string;
  private readonly byPath: Map<string, SnapshotEntry>;

  private constructor(
    private readonly list: SnapshotEntry[],
    private readonly loader: BlobLoader,
    readonly commitSha: string,
    /** GitHub cut the recursive tree listing, so the tree was read in parts (complete all the same). */
    readonly treeTruncated: boolean,
    readonly commitTime?: Date,
  ) {
    this.label = `commit ${commitSha.slice(0, 12)}`;
    this.byPath = new Map(list.map((e) => [e.path, e]));
  }

  static async open(options: GitHubSnapshotOptions): Promise<GitHubSnapshot> {
    const { octokit, owner, repo, commitSha } = options;
    const listing = await fetchTreeEntries({
      octokit,
      owner,
      repo,
      commitSha,
      ...(options.maxTreeRequests ? { maxTreeRequests: options.maxTreeRequests } : {}),
    });
    const cache = options.cache ?? new BlobCache();
    const loader = new BlobLoader({
      octokit,
      owner,
      repo,
      commitSha,
      cache,
      batchSize: options.batchSize,
      concurrency: options.concurrency,
    });
    const wanted = options.prefetch?.(listing.entries) ?? [];
    // Queued in the same tick as the prefetch, the commit time shares its first GraphQL call.
    const commitTime = options.commitTime === 'fetch' ? loader.committedDate() : options.commitTime;
    const byPath = new Map(listing.entries.map((e) => [e.path, e]));
    await Promise.all(
      wanted
        .map((path) => byPath.get(path))
        .filter((e): e is SnapshotEntry => !!e && e.mode !== 'submodule')
        .map((e) => loader.load(e)),
    );
    return new GitHubSnapshot(listing.entries, loader, commitSha, listing.truncated, await commitTime);
  }

  entries(): readonly SnapshotEntry[] {
    return this.list;
  }

  entry(path: string): SnapshotEntry | undefined {
    return this.byPath.get(path);
  }

  /** Fetches these paths now (batched); reads of them are then served from the cache. */
  async prefetch(paths: Iterable<string>): Promise<void> {
    const entries = [...paths].map((p) => this.byPath.get(p)).filter((e): e is SnapshotEntry => !!e && e.mode !== 'submodule');
    await Promise.all(entries.map((e) => this.loader.load(e)));
  }

  /** The commit time: as given to `open`, else `committedDate` riding with the next blob batch (call it beside `prefetch`). */
  committedDate(): Promise<Date> {
    return this.commitTime ? Promise.resolve(this.commitTime) : this.loader.committedDate();
  }

  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const entry = this.byPath.get(path);
    return isFile(entry) ? this.loader.load(entry) : undefined;
  }

  async readLink(path: string): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    return entry?.mode === 'symlink' ? Buffer.from(await this.loader.load(entry)).toString('utf8') : undefined;
  }

  async blobSha(path: string): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    return entry && entry.mode !== 'submodule' ? entry.sha : undefined;
  }

  /**
   * API failures met while reading (each also rejected the read that needed it). An adapter
   * must not publish a verdict from a snapshot with failures: report them instead.
   */
  get failures(): readonly Error[] {
    return this.loader.failures;
  }
}

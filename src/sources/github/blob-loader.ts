import { gitBlobSha } from '../../core/git-blob-sha.js';
import type { SnapshotEntry } from '../../core/snapshot.js';
import { blobBatchQuery, blobBatchVariables } from './blob-batch-query.js';
import type { BlobCache } from './blob-cache.js';
import { fetchBlobRest } from './fetch-blob-rest.js';
import type { OctokitLike } from '../../github/octokit-like.js';

/** GitHub allows up to 100 aliased objects per query in practice; more risks timeouts. */
export const MAX_BATCH = 100;

export interface BlobLoaderOptions {
  octokit: OctokitLike;
  owner: string;
  repo: string;
  commitSha: string;
  cache: BlobCache;
  batchSize?: number;
  /** Requests in flight at once (GitHub asks for serial requests; a little overlap is tolerated). */
  concurrency?: number;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // A read nobody awaits (a prefetch that failed) must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface BlobResult {
  text?: string | null;
  isTruncated?: boolean;
  isBinary?: boolean | null;
  byteSize?: number;
}

/**
 * Loads blob contents: reads requested in the same tick go out together as GraphQL
 * batches; a blob whose text cannot be trusted (binary, truncated, not UTF-8 — its text
 * does not re-encode to the blob SHA) is read again through the REST blob API.
 * Identical blobs are fetched once; everything lands in the shared cache.
 */
export class BlobLoader {
  /** API failures met while loading (each also rejects the reads that needed it). */
  readonly failures: Error[] = [];
  private queue: SnapshotEntry[] = [];
  private readonly inFlight = new Map<string, Deferred<Uint8Array>>();
  private commitDate?: Deferred<Date>;
  private commitQueued = false;
  private scheduled = false;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: BlobLoaderOptions) {}

  load(entry: SnapshotEntry): Promise<Uint8Array> {
    const sha = entry.sha;
    if (!sha) return Promise.reject(new Error(`No blob SHA for ${entry.path}`));
    const cached = this.options.cache.get(sha);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(sha);
    if (!pending) {
      pending = deferred();
      this.inFlight.set(sha, pending);
      this.queue.push(entry);
      this.schedule();
    }
    return pending.promise;
  }

  /** The commit's `committedDate`, fetched with the next blob batch (or alone if none comes). */
  committedDate(): Promise<Date> {
    if (!this.commitDate) {
      this.commitDate = deferred();
      this.commitQueued = true;
      this.schedule();
    }
    return this.commitDate.promise;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const entries = this.queue.splice(0);
    const size = Math.min(this.options.batchSize ?? MAX_BATCH, MAX_BATCH);
    const batches: SnapshotEntry[][] = [];
    for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size));
    const withCommit = this.commitQueued;
    this.commitQueued = false;
    if (withCommit && !batches.length) batches.push([]);
    await Promise.all(
      batches.map(async (batch, i) => {
        // REST fallbacks take their own slots once the batch has released its one.
        const viaRest = await this.limited(() => this.runBatch(batch, withCommit && i === 0));
        await Promise.all(viaRest.map((entry) => this.limited(() => this.loadViaRest(entry))));
      }),
    );
  }

  /** Runs one GraphQL batch; returns the entries that must be read through REST. */
  private async runBatch(batch: SnapshotEntry[], withCommit: boolean): Promise<SnapshotEntry[]> {
    const { octokit, owner, repo, commitSha } = this.options;
    let found: Record<string, unknown>;
    try {
      const data = await graphqlWithPartialData(
        octokit,
        blobBatchQuery(batch.length, withCommit),
        blobBatchVariables(
          owner,
          repo,
          commitSha,
          batch.map((e) => e.path),
          withCommit,
        ),
      );
      // An answer without the repository is no answer: fail the batch (never hang, never skip its blobs).
      if (!data?.repository) throw new Error(`GitHub answered a GraphQL blob batch for ${owner}/${repo} without the repository`);
      found = data.repository;
    } catch (error) {
      this.fail(batch, error, withCommit);
      return [];
    }
    if (withCommit) {
      const date = (found.commit as { committedDate?: string } | null)?.committedDate;
      if (date) this.commitDate!.resolve(new Date(date));
      else this.commitDate!.reject(new Error(`GitHub did not return the commit time of ${commitSha.slice(0, 7)}`));
    }
    const viaRest: SnapshotEntry[] = [];
    for (const [i, entry] of batch.entries()) {
      const bytes = trustedText(found[`b${i}`] as BlobResult | null | undefined, entry.sha!);
      if (bytes) this.settle(entry, bytes);
      else viaRest.push(entry);
    }
    return viaRest;
  }

  private async loadViaRest(entry: SnapshotEntry): Promise<void> {
    try {
      this.settle(entry, await fetchBlobRest(this.options.octokit, this.options.owner, this.options.repo, entry.sha!));
    } catch (error) {
      this.fail([entry], error, false);
    }
  }

  private settle(entry: SnapshotEntry, bytes: Uint8Array): void {
    this.options.cache.set(entry.sha!, bytes);
    this.inFlight.get(entry.sha!)?.resolve(bytes);
    this.inFlight.delete(entry.sha!);
  }

  private fail(entries: SnapshotEntry[], error: unknown, withCommit: boolean): void {
    const reason = error instanceof Error ? error : new Error(String(error));
    this.failures.push(reason);
    for (const entry of entries) {
      this.inFlight.get(entry.sha!)?.reject(reason);
      // Forget the failed read so a later read can try again.
      this.inFlight.delete(entry.sha!);
    }
    if (withCommit) this.commitDate!.reject(reason);
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so the limit holds.
    if (this.active >= (this.options.concurrency ?? 2)) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** GraphQL `text` is usable only when it re-encodes to exactly the blob's bytes. */
function trustedText(blob: BlobResult | null | undefined, sha: string): Uint8Array | undefined {
  if (!blob || blob.isBinary || blob.isTruncated || typeof blob.text !== 'string') return undefined;
  const bytes = Buffer.from(blob.text, 'utf8');
  return bytes.length === blob.byteSize && gitBlobSha(bytes) === sha ? bytes : undefined;
}

/** Octokit throws on any GraphQL error; keep the partial data (other aliases are still good). */
async function graphqlWithPartialData(
  octokit: OctokitLike,
  query: string,
  variables: Record<string, string>,
): Promise<{ repository?: Record<string, unknown> | null } | null> {
  try {
    return (await octokit.graphql(query, variables)) as { repository?: Record<string, unknown> | null } | null;
  } catch (error) {
    const partial = (error as { data?: { repository?: Record<string, unknown> | null } } | null)?.data;
    if (partial?.repository) return partial;
    throw error;
  }
}

import type { Probot } from 'probot';
import type { AppMetrics } from '../metrics/app-metrics.js';
import type { OctokitLike } from '../../github/octokit-like.js';
import { BlobCache } from '../../sources/github/blob-cache.js';
import { sealKeysFrom, type SealSettings } from '../approval/seal-keys.js';
import { getAppIdentity, type AppIdentity } from '../github/get-app-identity.js';
import { DEFAULT_ANNOTATION_CAP } from '../pull-request/check-run-annotations.js';
import type { EvaluationResult } from '../pull-request/evaluation-result.js';
import type { PullRequestTarget } from '../pull-request/pull-request-target.js';
import { CommitTimeCache } from './commit-time-cache.js';
import { KeyedQueue } from './keyed-queue.js';
import type { IssueTaskResult } from './issue-task-result.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './request-policy.js';

export interface PlangateAppOptions {
  retry?: Partial<RetryPolicy>;
  /** Most annotations per check run (the rest are counted in the summary). */
  annotationCap?: number;
  /** Blob contents kept in memory across events (bytes). */
  blobCacheBytes?: number;
  /** Called after every evaluation with what the App computed (tests and benchmarks). */
  onEvaluation?: (result: EvaluationResult, target: PullRequestTarget) => void;
  /** Called after every label, command and workflow-run task (tests). */
  onIssueTask?: (result: IssueTaskResult) => void;
  /** Prometheus metrics of this process (evaluations by conclusion and duration, tasks by outcome). */
  metrics?: AppMetrics;
  /** Key material for sealing the App's receipts (the environment fills what is not given; see seal-keys). */
  seal?: SealSettings;
}

/**
 * What one App process shares between deliveries: caches (never state — ADR 0003), the
 * per-PR queue, the retry policy and its own identity (for finding its check runs and comments).
 */
export class AppRuntime {
  readonly queue = new KeyedQueue();
  readonly blobCache: BlobCache;
  readonly commitTimes = new CommitTimeCache();
  readonly retry: RetryPolicy;
  readonly annotationCap: number;
  /** Seal keys, the sealing one first; empty when the App holds none (then no receipt counts). */
  readonly sealKeys: readonly Uint8Array[];
  private identityPromise?: Promise<AppIdentity>;

  constructor(
    private readonly app: Probot,
    readonly options: PlangateAppOptions = {},
  ) {
    this.blobCache = new BlobCache({ maxBytes: options.blobCacheBytes ?? 64 * 1024 * 1024 });
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.annotationCap = options.annotationCap ?? DEFAULT_ANNOTATION_CAP;
    this.sealKeys = sealKeysFrom(options.seal);
  }

  /** `GET /app` once per process (retried on the next delivery if it failed). */
  identity(): Promise<AppIdentity> {
    this.identityPromise ??= this.app
      .auth()
      .then((octokit) => getAppIdentity(octokit as unknown as OctokitLike))
      .catch((error: unknown) => {
        this.identityPromise = undefined;
        throw error;
      });
    return this.identityPromise;
  }
}

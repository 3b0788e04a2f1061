import { AsyncLocalStorage } from 'node:async_hooks';

/** What code running inside one queued job may ask about it (logs, the lease check before writes). */
export interface JobContext {
  jobId: string;
  deliveryId: string;
  targetKey: string;
  /** Throws `LeaseLostError` when this worker no longer owns the job (it stalled and went to another worker). */
  assertLease(): Promise<void>;
}

/** The job the current async call chain belongs to (set by the worker around `probot.receive`). */
export const jobContext = new AsyncLocalStorage<JobContext>();

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer owned by this worker (its lock expired and another worker took it); not writing to GitHub`);
    this.name = 'LeaseLostError';
  }
}

/** True when an error (or what it wraps: Octokit reports a failed fetch as a RequestError with a cause) is a lost lease. */
export function isLeaseLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof LeaseLostError) return true;
  }
  return false;
}

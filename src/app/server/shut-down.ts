import type { Logger } from 'pino';

/** One part of the process to close, in order; `force` ends it when the grace period is spent. */
export interface ShutdownStep {
  name: string;
  graceful(): Promise<unknown>;
  force?(): unknown;
}

/** How long one forced close may take: a disconnect waiting on a dead connection must not hold the exit. */
export const FORCE_MS = 2_000;

/**
 * Runs the steps in order within one grace period. A step still running when the period is spent is
 * forced (a running job is then retried after its lock, see docs/deploy.md) and named in the log, so a
 * shutdown ends before the orchestrator's SIGKILL and says what held it up.
 */
export async function shutDown(steps: readonly ShutdownStep[], graceMs: number, log: Pick<Logger, 'warn'>): Promise<void> {
  const deadline = Date.now() + graceMs;
  for (const step of steps) {
    const finished = await withinMs(step.graceful(), Math.max(0, deadline - Date.now()));
    if (finished) continue;
    log.warn({ step: step.name, graceMs }, 'plangate App stopping: grace period spent, forcing it');
    // Forcing is the last resort; what it could not close (it threw, or it hangs) ends with the process.
    const forced = withinMs(
      Promise.resolve().then(() => step.force?.()),
      FORCE_MS,
    );
    if (!(await forced)) log.warn({ step: step.name, forceMs: FORCE_MS }, 'plangate App stopping: forced close did not finish, leaving it');
  }
}

/** Whether the promise settled (either way) within the time. */
async function withinMs(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = work.then(
    () => true,
    () => true,
  );
  const expired = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timer);
  }
}

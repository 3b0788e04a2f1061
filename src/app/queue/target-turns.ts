import type { Redis } from 'ioredis';

/** BullMQ job states after which a job will never run again. */
const FINISHED = new Set(['completed', 'failed', 'unknown']);

/** Adds a job at the back of its target's line, numbered by Redis (so replica clocks never reorder it). */
const TAKE_TICKET = `
local seq = redis.call('INCR', KEYS[2])
return redis.call('ZADD', KEYS[1], 'NX', seq, ARGV[1])`;

export type JobStateOf = (jobId: string) => Promise<string>;

/**
 * One line per target in Redis (a sorted set of job ids, numbered at enqueue): only the job at the
 * head of its target's line may run, so two jobs for one pull request or issue never run at once,
 * on any worker, and they run in the order GitHub's deliveries were accepted. A job that is not
 * at the head waits (the worker delays it); a head that will never run again (completed, failed,
 * removed) is dropped from the line by whoever finds it there.
 */
export class TargetTurns {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'plangate',
  ) {}

  /** Joins the line; false when the job was already in it (a concurrent twin of the same delivery). */
  async join(targetKey: string, jobId: string): Promise<boolean> {
    const added = await this.redis.eval(TAKE_TICKET, 2, this.lineKey(targetKey), `${this.prefix}:turns:seq`, jobId);
    return added === 1;
  }

  /** True when `jobId` heads its target's line (joining it first if it is not in it, e.g. after a crash). */
  async isTurnOf(targetKey: string, jobId: string, stateOf: JobStateOf): Promise<boolean> {
    const line = this.lineKey(targetKey);
    // Bounded: each round either answers or drops one finished job from the head.
    for (let round = 0; round < 20; round++) {
      const [head] = await this.redis.zrange(line, 0, 0);
      if (head === undefined || (head !== jobId && (await this.redis.zscore(line, jobId)) === null)) {
        await this.join(targetKey, jobId);
        if (head === undefined) continue;
      }
      if (head === jobId) return true;
      if (!FINISHED.has(await stateOf(head!))) return false;
      await this.redis.zrem(line, head!);
    }
    return false;
  }

  /** Leaves the line; returns the job now at its head, if any (so its wait can be cut short). */
  async leave(targetKey: string, jobId: string): Promise<string | undefined> {
    const line = this.lineKey(targetKey);
    await this.redis.zrem(line, jobId);
    const [next] = await this.redis.zrange(line, 0, 0);
    return next;
  }

  /** Jobs waiting in a target's line, head first (tests, diagnostics). */
  line(targetKey: string): Promise<string[]> {
    return this.redis.zrange(this.lineKey(targetKey), 0, -1);
  }

  private lineKey(targetKey: string): string {
    return `${this.prefix}:turns:${targetKey}`;
  }
}

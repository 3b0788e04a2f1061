/** The part of Bottleneck's IORedisConnection this touches. */
interface ScriptConnection {
  __scriptArgs__(name: string, id: string, args: unknown[], cb: (err: Error | null, replies: unknown) => void): unknown[];
}

const FIXED = Symbol('plangate: Redis 7 error replies normalised');
const BOTTLENECK_ERRORS = /^ERR (UNKNOWN_CLIENT|SETTINGS_KEY_NOT_FOUND)$/;

/**
 * Lets Bottleneck (Probot's Redis-clustered throttling) recover on Redis 7. Its Lua scripts answer
 * `redis.error_reply('UNKNOWN_CLIENT')`, which Redis 7 sends as "ERR UNKNOWN_CLIENT"; Bottleneck
 * 2.19.5 (unmaintained) compares the bare word, so a limiter whose client registration lapsed or
 * whose keys expired after two idle minutes failed every request of that installation instead of
 * registering again. Stripping the prefix restores Bottleneck's own recovery. Idempotent.
 */
export function fixBottleneckOnRedis7(connection: unknown): void {
  const target = connection as (ScriptConnection & { [FIXED]?: true }) | undefined;
  if (!target || typeof target.__scriptArgs__ !== 'function' || target[FIXED]) return;
  const original = target.__scriptArgs__.bind(target);
  target.__scriptArgs__ = (name, id, args, cb) =>
    original(name, id, args, (err, replies) => {
      const match = err && BOTTLENECK_ERRORS.exec(err.message);
      if (match) err!.message = match[1]!;
      cb(err, replies);
    });
  target[FIXED] = true;
}

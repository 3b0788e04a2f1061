/**
 * One line for a failed `probot.receive`: the name and first line of each handler error. Never
 * the error objects themselves — Probot attaches the whole event (the payload) to them.
 */
export function summarizeReceiveError(error: unknown): string {
  const errors = error instanceof AggregateError && error.errors.length ? error.errors : [error];
  return errors.map((e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n')[0]!.slice(0, 300)).join('; ');
}

/** The most agent invocations one run may be given (config, CLI, Action input, dispatch input). */
export const MAX_ITERATIONS_LIMIT = 1000;
/** The most consecutive misses of one story a run may allow. */
export const MAX_STORY_ATTEMPTS_LIMIT = 100;

export type LimitParse = { ok: true; value: number } | { ok: false; message: string };

/**
 * A whole number from 1 to `max` written as text (a flag, an input, a dispatch input), or a
 * message naming `name` and what was given.
 */
export function parseWholeLimit(name: string, text: string, max = MAX_ITERATIONS_LIMIT): LimitParse {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= max) return { ok: true, value: Number(trimmed) };
  return { ok: false, message: `${name} must be a whole number from 1 to ${max} (got "${text}")` };
}

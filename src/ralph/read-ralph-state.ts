import { RALPH_OUTCOMES, type RalphState } from '../core/ralph/ralph-state.js';
import type { StateDir } from './state-dir.js';

export type ReadStateResult = { ok: true; state: RalphState } | { ok: false; problem: string };

/** state.json for `--resume`: parsed and checked for the fields the machine relies on. */
export function readRalphState(store: StateDir): ReadStateResult {
  let raw: unknown;
  try {
    raw = store.readState();
  } catch (error) {
    return { ok: false, problem: `${store.statePath} cannot be read as JSON: ${(error as Error).message}` };
  }
  const problem = shapeProblem(raw, store.runId);
  if (problem) return { ok: false, problem: `${store.statePath} is not a ralph state: ${problem}` };
  const { savedAt: _savedAt, ...state } = raw as RalphState & { savedAt?: string };
  return { ok: true, state };
}

function shapeProblem(raw: unknown, runId: string): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const s = raw as Record<string, unknown>;
  if (s.version !== 1) return `version must be 1 (got ${JSON.stringify(s.version)})`;
  if (s.runId !== runId) return `runId ${JSON.stringify(s.runId)} does not match the directory ${runId}`;
  for (const key of ['maxIterations', 'maxStoryAttempts', 'iterations', 'resumes'] as const) {
    if (!Number.isInteger(s[key]) || (s[key] as number) < 0) return `${key} must be a whole number`;
  }
  if (typeof s.plan !== 'string') return 'plan must be a string';
  if (!Array.isArray(s.verify) || !s.verify.every((v) => typeof v === 'string')) return 'verify must be a list of commands';
  if (!Array.isArray(s.stories) || !s.stories.length) return 'stories must be a non-empty list';
  for (const [i, story] of (s.stories as unknown[]).entries()) {
    const st = story as Record<string, unknown>;
    if (
      typeof st?.id !== 'string' ||
      typeof st.title !== 'string' ||
      typeof st.passes !== 'boolean' ||
      !Number.isInteger(st.attempts) ||
      !Number.isInteger(st.consecutiveMisses) ||
      !Array.isArray(st.verify)
    ) {
      return `stories[${i}] lacks id, title, passes, attempts, consecutiveMisses or verify`;
    }
  }
  if (s.outcome !== undefined && !(RALPH_OUTCOMES as readonly unknown[]).includes(s.outcome))
    return `outcome ${JSON.stringify(s.outcome)} is unknown`;
  if (s.baseline !== undefined && !Array.isArray(s.baseline)) return 'baseline must be a list';
  return undefined;
}

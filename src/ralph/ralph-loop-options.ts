import type { RalphProgress } from '../core/ralph/ralph-progress.js';
import type { LoadedRalphPlan } from './load-ralph-plan.js';
import type { TrustedPrograms } from './trusted-programs.js';

export interface RalphLoopOptions {
  workdir: string;
  /** git, sh and ps by absolute path, resolved before the first agent turn. */
  programs: TrustedPrograms;
  /** The agent command template (`{prompt_file}`, `{story_id}`, `{workdir}`), run with `sh -c`. */
  agent: string;
  /** A new run's plan; not needed with `resume`. */
  plan?: LoadedRalphPlan;
  /** The PRD text for prompts on resume (default: read again from the workdir). */
  planText?: string;
  resume?: string;
  maxIterations?: number;
  maxStoryAttempts?: number;
  commandTimeoutMs: number;
  passEnv: readonly string[];
  env: Record<string, string | undefined>;
  /** Aborting (SIGTERM) ends the run `cancelled` with its state saved. */
  signal?: AbortSignal;
  onProgress?: (progress: RalphProgress) => void | Promise<void>;
  /** Told about progress-callback errors (they never stop the loop). */
  onWarning?: (message: string) => void;
  now?: () => Date;
  runId?: string;
}
